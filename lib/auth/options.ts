import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authenticatePassword } from "@/lib/accounts/authenticate-password";
import { loginBody } from "@/lib/accounts/schemas";
import { ApiError } from "@/lib/http/errors";
import { developerForSession } from "@/lib/accounts/session-developer";
import { env } from "@/lib/env";
import { ipFromHeaders } from "./request-ip";

const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;
export const TOTP_REQUIRED = "TOTP_REQUIRED";

// Portal sessions: a JWT cookie carrying the developer id and the account's session version.
// Every read re-checks the version, so a password reset ends all existing sessions at once.
export const authOptions: NextAuthOptions = {
  // Read at request time: scripts/start.ts puts a generated secret into the environment first.
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
          const dev = await authenticatePassword(input, ipFromHeaders(req?.headers ?? {}));
          return { id: dev.id, email: dev.email, name: dev.name, sessionVersion: dev.sessionVersion };
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
    async jwt({ token, user }) {
      if (user) {
        token.developerId = user.id;
        token.sessionVersion = (user as { sessionVersion?: number }).sessionVersion ?? 0;
        return token;
      }
      if (typeof token.developerId !== "string") return token;
      const dev = await developerForSession(token.developerId, Number(token.sessionVersion));
      if (!dev) {
        delete token.developerId;
        delete token.sessionVersion;
      }
      return token;
    },
    async session({ session, token }) {
      return {
        ...session,
        developerId: typeof token.developerId === "string" ? token.developerId : undefined,
        sessionVersion: typeof token.sessionVersion === "number" ? token.sessionVersion : undefined,
      };
    },
  },
};
