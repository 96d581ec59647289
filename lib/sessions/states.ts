import type { SessionStatus } from "@/lib/generated/prisma/enums";

// The session lifecycle (docs/api.md, "Sessions"): created -> uploading -> processing ->
// completed | failed. These are the states in which a session still waits for something.

/** Still waiting for (the rest of) its tensor: an upload may arrive, upload-complete may claim it. */
export const OPEN_FOR_UPLOAD = ["created", "uploading"] as const satisfies readonly SessionStatus[];

/** Not finished: a poll answers the state itself, without vitals. */
export const IN_PROGRESS = [...OPEN_FOR_UPLOAD, "processing"] as const satisfies readonly SessionStatus[];

export function isInProgress(status: SessionStatus): status is (typeof IN_PROGRESS)[number] {
  return (IN_PROGRESS as readonly SessionStatus[]).includes(status);
}
