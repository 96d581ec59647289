import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { alertThreshold } from "@/lib/usage/usage-alerts";

/** The dashboard's word at the same two marks the usage mails are sent at (80 % and 100 %). */
export function QuotaBanner({ used, limit }: { used: number; limit: number }) {
  if (used < alertThreshold(80, limit)) return null;
  const full = used >= limit;
  return (
    <div className="mb-4" data-testid="quota-banner">
      <Alert
        tone={full ? "error" : "warning"}
        title={full ? "Monthly scans used up" : `${Math.floor((used / limit) * 100)} % of this month's scans used`}
      >
        {full
          ? "New live sessions are refused (429 QUOTA_EXCEEDED) until the 1st (UTC). "
          : "When all are used, new live sessions are refused until the 1st (UTC). "}
        <Link href="/billing" className="font-medium underline">
          Upgrade your plan
        </Link>{" "}
        for more.
      </Alert>
    </div>
  );
}
