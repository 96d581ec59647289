import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { AcceptInvitation } from "@/components/team/accept-invitation";
import { currentDeveloper } from "@/lib/auth/current-developer";
import { previewInvitation } from "@/lib/teams/invitations";

export const metadata: Metadata = { title: "Invitation" };

// The mailed link lands here: a prefetching mail scanner only reads the page; joining is the
// signed-in person's click (docs/teams.md, "Invitations").
export default async function AcceptInvitationPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token = "" } = await searchParams;
  const developer = await currentDeveloper();
  const here = `/invitations/accept?token=${encodeURIComponent(token)}`;
  const invitation = token.length >= 16 && token.length <= 200 ? await previewInvitation(token) : null;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">Join an organization</h1>
      {invitation?.inviter ? <p className="text-sm">Invited by {invitation.inviter}.</p> : null}
      {!invitation ? (
        <Alert tone="error">
          This invitation does not exist, was used or revoked, or has expired. Ask for a new one.
        </Alert>
      ) : !developer ? (
        <>
          <p>
            You are invited to <strong>{invitation.organization}</strong> as <strong>{invitation.role}</strong>.
          </p>
          <p className="text-sm">
            <Link href={`/login?next=${encodeURIComponent(here)}`}>Sign in with {invitation.email}</Link> to accept. No
            account yet? <Link href="/signup">Create one with that address</Link>, verify it, then open this link again.
          </p>
        </>
      ) : invitation.email !== developer.email ? (
        <Alert tone="error">
          This invitation was sent to another e-mail address. Sign out and sign in (or sign up) with that address to
          accept it.
        </Alert>
      ) : (
        <AcceptInvitation token={token} organization={invitation.organization} role={invitation.role} />
      )}
      <p className="text-sm">
        <Link href="/dashboard">Back to the dashboard</Link>
      </p>
    </div>
  );
}
