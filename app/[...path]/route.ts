// Any method on an unknown path: the flat 404 error body, never an HTML page.
import { route } from "@/lib/http/handler";
import { ApiError } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

const notFound = route(async ({ req }) => {
  throw new ApiError("NOT_FOUND", `No endpoint at ${new URL(req.url).pathname}`);
});

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
