import { STRONG_PASSWORD } from "./developer-helpers";

/**
 * The developer API of a server under test, as a member calls it: an ID token naming the
 * organization (`POST /developer/login`), then requests with it as the bearer.
 */
export function developerApi(base: () => string) {
  async function signIn(email: string, organization_id: string): Promise<string> {
    const res = await fetch(`${base()}/developer/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: STRONG_PASSWORD, organization_id }),
    });
    if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { id_token: string }).id_token;
  }

  async function ask(token: string, method: string, path: string, body?: unknown) {
    const res = await fetch(`${base()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes
    return { status: res.status, headers: res.headers, body: (await res.json().catch(() => null)) as any };
  }

  return { signIn, ask };
}
