/** The UTC calendar month of a moment, as YYYY-MM. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The UTC day of a moment, as YYYY-MM-DD. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The last `count` months up to and including the one of `at`, newest first. */
export function lastMonths(at: Date, count: number): string[] {
  const months: string[] = [];
  for (let i = 0; i < count; i++) {
    months.push(monthOf(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - i, 1))));
  }
  return months;
}
