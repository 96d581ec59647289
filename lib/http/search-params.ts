/** A request's query string as a plain object (the last value of a repeated name), for a zod schema. */
export function searchParamsOf(req: Request): Record<string, string> {
  return Object.fromEntries(new URL(req.url).searchParams);
}
