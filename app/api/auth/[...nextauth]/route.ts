// GET, POST /api/auth/*: next-auth (credentials sign-in, sign-out, session, CSRF).
import { nextAuthHandler } from "@/lib/auth/next-auth-handler";
import { endpoint } from "@/lib/http/endpoint";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: nextAuthHandler,
  POST: nextAuthHandler,
});
