import { Alert } from "@/components/ui/alert";

/** Why the API refuses this account, and what to do about it (docs/api.md, "Accounts"). */
export function StatusBanner({
  status,
  emailVerified,
}: {
  status: "pending" | "active" | "suspended";
  emailVerified: boolean;
}) {
  if (status === "active") return null;
  if (status === "suspended") {
    return (
      <Alert tone="error" title="Your account is suspended">
        API requests with your keys are refused (403 DEVELOPER_SUSPENDED). Contact{" "}
        <a className="underline" href="mailto:support@vitals.local">
          support@vitals.local
        </a>{" "}
        to have it reinstated.
      </Alert>
    );
  }
  if (!emailVerified) {
    return (
      <Alert tone="warning" title="Verify your e-mail to start using the API">
        We sent you a link when you signed up. Until you open it, API requests answer 403 DEVELOPER_PENDING. Can&apos;t
        find it? Check your spam folder, or write to support@vitals.local.
      </Alert>
    );
  }
  return (
    <Alert tone="warning" title="Your account is waiting for approval">
      Our team reviews new accounts, usually within a business day. Until then API requests answer 403
      DEVELOPER_PENDING. You can already create keys and read the quick start.
    </Alert>
  );
}
