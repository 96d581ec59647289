// GET, POST /api/auth/*: next-auth (credentials sign-in, sign-out, session, CSRF).
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";
import { endpoint } from "@/lib/http/endpoint";

export const dynamic = "force-dynamic";

const nextAuth = NextAuth(authOptions);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({ GET: nextAuth, POST: nextAuth });
