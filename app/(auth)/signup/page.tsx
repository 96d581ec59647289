import type { Metadata } from "next";
import Link from "next/link";
import { SignupForm } from "@/components/auth/signup-form";

export const metadata: Metadata = { title: "Create your account" };

export default function SignupPage() {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Create your account</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-400">
        Free Starter plan: 500 scans a month and unlimited sandbox scans.
      </p>
      <SignupForm />
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{" "}
        <Link href="/login" className="font-medium text-indigo-700 underline dark:text-indigo-400">
          Sign in
        </Link>
      </p>
    </>
  );
}
