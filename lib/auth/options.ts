import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { decode } from "next-auth/jwt";
import { authenticatePassword } from "@/lib/accounts/authenticate-password";
import { loginBody } from "@/lib/accounts/schemas";
import { ApiError } from "@/lib/http/errors";
import { env } from "@/lib/env";
import { ipFromHeaders, toHeaders } from "./request-ip";
import { noteSignedIn } from "./device-cookie";
import { endPortalSession, openPortalSession } from "./portal-session";

const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;
export const TOTP_REQUIRED = "TOTP_REQUIRED";

// Portal sessions: a JWT cookie naming a PortalSession row (./portal-session.ts), which every
// request reads (currentDeveloper); signing out deletes the row, so a copied cookie dies too.
/** The portal session id in a request's session cookie, if it holds a genuine one. */
async function sessionIdOfCookie(cookieHeader: string | null): Promise<string | null> {
  const token = /(?:^|;\s*)(?:__Secure-)?next-auth\.session-token=([^;]+)/.exec(cookieHeader ?? "")?.[1];
  if (!token) return null;
  const decoded = await decode({ token, secret: env().NEXTAUTH_SECRET ?? "" }).catch(() => null);
  return typeof decoded?.sid === "string" ? decoded.sid : null;
}

export const authOptions: NextAuthOptions = {
  // Read at request time: server/start.ts puts a generated secret into the environment first.
  get secret() {
    return env().NEXTAUTH_SECRET;
  },
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
        totp: { label: "Authentication code", type: "text" },
      },
      async authorize(credentials, req) {
        try {
          const input = loginBody.parse({
            email: credentials?.email ?? "",
            password: credentials?.password ?? "",
            totp: credentials?.totp || undefined,
          });
          const headers = req?.headers ?? {};
          const ip = ipFromHeaders(headers);
          const cookie = toHeaders(headers).get("cookie");
          const { account, secondFactor } = await authenticatePassword(input, ip, new Date(), cookie);
          // Signing in again in a browser ends the session its cookie held before.
          const previous = await sessionIdOfCookie(cookie);
          if (previous) await endPortalSession(previous);
          const sid = await openPortalSession(account.id, { secondFactor, ip });
          if (account.emailVerifiedAt) noteSignedIn(account);
          return { id: account.id, email: account.email, name: account.name, sid };
        } catch (err) {
          // The sign-in form asks for the code when it reads this exact value.
          if (err instanceof ApiError && err.code === "TOTP_REQUIRED") throw new Error(TOTP_REQUIRED);
          // next-auth hands this message to signIn() as `error`; ApiError messages are safe to show.
          if (err instanceof ApiError) throw new Error(err.message);
          console.error("login failed", err);
          throw new Error("Sign-in is unavailable right now. Please try again in a moment.");
        }
      },
    }),
  ],
  callbacks: {
    // No database read here: currentDeveloper makes the one read per request that decides.
    async jwt({ token, user }) {
      if (user) token.sid = (user as { sid?: string }).sid;
      return token;
    },
    async session({ session, token }) {
      return { ...session, sid: typeof token.sid === "string" ? token.sid : undefined };
    },
  },
  events: {
    async signOut({ token }) {
      if (typeof token?.sid === "string") await endPortalSession(token.sid);
    },
  },
};
