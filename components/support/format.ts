// Shared by the console's tables: dates in UTC, status colours.

export const day = (s: number | null, none = "—") => (s ? new Date(s * 1000).toISOString().slice(0, 10) : none);

export const moment = (s: number) => `${new Date(s * 1000).toISOString().slice(0, 16).replace("T", " ")} UTC`;

export const STATUS_TONE = { active: "green", pending: "amber", suspended: "red" } as const;
