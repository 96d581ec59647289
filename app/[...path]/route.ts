// Any method on an unknown path: the flat 404 error body, never an HTML page.
import { anyMethod } from "@/lib/http/endpoint";
import { route } from "@/lib/http/handler";
import { ApiError } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = anyMethod(
  route(async ({ req }) => {
    throw new ApiError("NOT_FOUND", `No endpoint at ${new URL(req.url).pathname}`);
  }),
);
