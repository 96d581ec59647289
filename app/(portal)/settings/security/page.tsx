import type { Metadata } from "next";
import { requireDeveloper } from "../../require-developer";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { TotpSetup } from "@/components/portal/totp-setup";
import { MailedCodeStep } from "@/components/portal/mailed-code-step";
import { TwoFactorManage } from "@/components/portal/two-factor-manage";
import { SignOutEverywhere } from "@/components/portal/sign-out-everywhere";
import { SessionList } from "@/components/portal/session-list";
import { listPortalSessions } from "@/lib/auth/portal-session";

export const metadata: Metadata = { title: "Security" };

export default async function SecurityPage({ searchParams }: { searchParams: Promise<{ required?: string }> }) {
  const developer = await requireDeveloper();
  const { required } = await searchParams;
  const { sessions, total } = await listPortalSessions(developer.id);
  const enabled = developer.totpEnabledAt;
  const staffMustProveMailbox = developer.role === "staff" && !enabled && !developer.portalSession.mailedCodeProvedAt;
  return (
    <>
      <PageHeader title="Security" description="Two-factor sign-in with an authenticator app, and your sessions." />
      <div className="flex max-w-2xl flex-col gap-4">
        {required === "staff" && !enabled ? (
          <Alert tone="warning" title="Two-factor sign-in is required for staff">
            Set it up below to open the support console.
          </Alert>
        ) : null}
        <Card title="Two-factor sign-in">
          {enabled ? (
            <div className="flex flex-col gap-3">
              <p className="text-sm" data-testid="totp-status">
                On since {enabled.toISOString().slice(0, 10)}. Each sign-in asks for a code from your authenticator app;
                a recovery code works once in its place.
              </p>
              <TwoFactorManage />
            </div>
          ) : !developer.emailVerifiedAt ? (
            <Alert tone="warning">Verify your e-mail address first: the link is in the mail we sent you.</Alert>
          ) : staffMustProveMailbox ? (
            <MailedCodeStep />
          ) : (
            <TotpSetup />
          )}
        </Card>
        <Card title="Sessions">
          <div className="flex flex-col gap-4">
            <SessionList
              total={total}
              sessions={sessions.map((s) => ({
                id: s.id,
                ip: s.ip,
                createdAt: s.createdAt.toISOString(),
                secondFactor: s.secondFactor,
                current: s.id === developer.portalSession.id,
              }))}
            />
            <SignOutEverywhere />
          </div>
        </Card>
      </div>
    </>
  );
}
