/**
 * One HTTP/1.1 exchange over a raw TCP connection, returning the response exactly as it came
 * off the wire (status line, header lines in order and case, body bytes). For tests that pin a
 * server's full answer, which `fetch` would hide (it sorts and merges headers).
 */
export async function rawExchange(
  url: string,
  request: { method: string; headers?: Record<string, string>; body?: string },
): Promise<string> {
  const u = new URL(url);
  const body = new TextEncoder().encode(request.body ?? "");
  const lines = [
    `${request.method} ${u.pathname}${u.search} HTTP/1.1`,
    `host: ${u.host}`,
    "connection: close",
    ...Object.entries(request.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
  ];
  if (request.body !== undefined) lines.push(`content-length: ${body.length}`);
  const head = new TextEncoder().encode(lines.join("\r\n") + "\r\n\r\n");
  const conn = await Deno.connect({ hostname: u.hostname, port: Number(u.port) });
  try {
    const out = new Uint8Array(head.length + body.length);
    out.set(head);
    out.set(body, head.length);
    for (let at = 0; at < out.length;) at += await conn.write(out.subarray(at));
    // `connection: close`: the server closes after the answer, so read to the end.
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    const buf = new Uint8Array(16 * 1024);
    for (;;) {
      const n = await conn.read(buf);
      if (n === null) break;
      chunks.push(buf.slice(0, n));
    }
    return new TextDecoder().decode(await new Blob(chunks).bytes());
  } finally {
    try {
      conn.close();
    } catch { /* already closed by the server */ }
  }
}

/** `rawExchange`'s answer with its per-request values (date, request id) replaced by markers. */
export function normaliseRaw(raw: string): string {
  return raw
    .replace(/^(date): .*$/gim, "$1: <date>")
    .replace(/^(x-request-id): [A-Za-z0-9._:-]+$/gim, "$1: <request-id>");
}
