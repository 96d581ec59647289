import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { Alert } from "@/components/ui/alert";
import { currentDeveloper } from "@/lib/auth/current-developer";

export const metadata: Metadata = { title: "Sign in" };

type Search = Promise<{ next?: string; reset?: string; error?: string }>;

/** Only same-site paths, so the sign-in page cannot be used to send people elsewhere. */
function safeNext(next: string | undefined): string {
  return next?.startsWith("/") && !next.startsWith("//") ? next : "/dashboard";
}

export default async function LoginPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const next = safeNext(params.next);
  if (await currentDeveloper()) redirect(next);
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-400">
        Welcome back. Sign in to manage keys and usage.
      </p>
      {params.reset ? (
        <div className="mb-4">
          <Alert tone="success">Your password was changed. Sign in with the new one.</Alert>
        </div>
      ) : null}
      <LoginForm next={next} />
      <div className="mt-6 flex flex-col gap-2 text-sm text-slate-600 sm:flex-row sm:justify-between dark:text-slate-400">
        <Link href="/forgot-password" className="font-medium text-indigo-700 underline dark:text-indigo-400">
          Forgot your password?
        </Link>
        <span>
          New here?{" "}
          <Link href="/signup" className="font-medium text-indigo-700 underline dark:text-indigo-400">
            Create an account
          </Link>
        </span>
      </div>
    </>
  );
}
