import type { Metadata } from "next";
import { VerifyEmail } from "@/components/auth/verify-email";

export const metadata: Metadata = { title: "Verify your e-mail" };

export default async function VerifyPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">Verify your e-mail</h1>
      <VerifyEmail token={token ?? ""} />
    </>
  );
}
