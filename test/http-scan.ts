// One scan through a running server over real HTTP, as a client library would make it.

/** Starts a session, PUTs the tensor to its upload URL and completes it; returns each answer. */
export async function scanOverHttp(base: string, key: string, tensor: Uint8Array) {
  const started = await fetch(`${base}/sdk/session/start`, { method: "POST", headers: { "x-api-key": key } });
  const session = await started.json();
  const put = await fetch(session.upload_url, {
    method: "PUT",
    headers: { "content-type": "video/webm" },
    body: new Uint8Array(tensor),
  });
  const completed = await fetch(`${base}/sdk/session/upload-complete`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ session_id: session.session_id }),
  });
  return {
    startStatus: started.status,
    session,
    putStatus: put.status,
    status: completed.status,
    body: await completed.json(),
  };
}
