import { ApiError } from "@/lib/http/errors";
import type { DeveloperStatus } from "@/lib/generated/prisma/enums";

// The account-status gate of the developer API and the SDK (docs/api.md, "Accounts"). The
// message tells the developer what to do next; `pending` covers both "e-mail not verified"
// and "waiting for approval", told apart by emailVerifiedAt when the caller has it.
export function assertDeveloperActive(dev: { status: DeveloperStatus; emailVerifiedAt?: Date | null }): void {
  if (dev.status === "active") return;
  if (dev.status === "suspended") {
    throw new ApiError(
      "DEVELOPER_SUSPENDED",
      "This developer account is suspended; contact support to have it reinstated",
    );
  }
  const verified = dev.emailVerifiedAt !== undefined && dev.emailVerifiedAt !== null;
  throw new ApiError(
    "DEVELOPER_PENDING",
    verified
      ? "This developer account is waiting for approval by our staff; you will be able to use it once approved"
      : "This developer account is not active yet: verify your e-mail address with the link we sent you (or wait for approval if your account needs it)",
  );
}
