// The request target as the routes are matched against (docs/api.md, "Request paths"). The
// framework would answer a trailing slash or a doubled slash with a 308 redirect that carries no
// CORS headers (a browser's preflight fails on it), and an absolute-form target with a redirect
// to whatever host it names; the server rewrites the target instead, so nothing is redirected.

const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;

/**
 * The origin-form (`/path?query`) a request is served as: an absolute-form target
 * (`http://host/path`, RFC 9112 3.2.2) is its path and query, whatever host it names; runs of
 * slashes in the path are one; a trailing slash is dropped (`/health/` is `/health`); `.` and
 * `..` segments are resolved and `\` is `/` (`/sdk/x/../session/start\` is `/sdk/session/start`). The query
 * is kept as sent. null for a target with no path: `*`, or anything else that is not a path or
 * an http(s) URL.
 */
export function originForm(target: string): string | null {
  let rest = target;
  if (!rest.startsWith("/")) {
    const authority = ABSOLUTE_FORM.exec(rest);
    if (!authority) return null;
    rest = rest.slice(authority[0].length);
  }
  const q = rest.indexOf("?");
  const path = q === -1 ? rest : rest.slice(0, q);
  const query = q === -1 ? "" : rest.slice(q);
  // Dot segments are resolved (RFC 3986 5.2.4, also percent-encoded, as the WHATWG URL parser
  // does) and a backslash is a slash, as browsers read it: the framework would redirect both.
  const segments: string[] = [];
  for (const segment of path.replaceAll("\\", "/").split("/")) {
    if (DOT_DOT.test(segment)) segments.pop();
    else if (segment && !DOT.test(segment)) segments.push(segment);
  }
  return `/${segments.join("/")}${query}`;
}

const DOT = /^(?:\.|%2e)$/i;
const DOT_DOT = /^(?:\.|%2e){2}$/i;
