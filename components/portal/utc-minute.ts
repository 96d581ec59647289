/** A Unix time as "YYYY-MM-DD HH:MM UTC" (the end of a rolled key's grace period). */
export const utcMinute = (s: number) => `${new Date(s * 1000).toISOString().slice(0, 16).replace("T", " ")} UTC`;
