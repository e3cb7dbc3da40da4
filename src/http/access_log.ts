/**
 * The access log: one JSON line per request on stdout, written in batches so logging costs no
 * write on the request's path. It records method, path (never the query string), status,
 * duration, caller and request id: never headers, bodies or payment material.
 */
export class AccessLog {
  #lines: string[] = [];
  #stampAt = 0;
  #stamp = "";
  #scheduled = false;
  readonly #write: (text: string) => void;

  constructor(write?: (text: string) => void) {
    const encoder = new TextEncoder();
    this.#write = write ?? ((text) => {
      const bytes = encoder.encode(text);
      let off = 0;
      while (off < bytes.length) off += Deno.stdout.writeSync(bytes.subarray(off));
    });
  }

  /**
   * Records one request; the line is formatted here, cheaply, and written in a batch. Request
   * ids, methods and addresses reach this point already validated as plain tokens; anything
   * else is JSON-escaped.
   */
  log(
    requestId: string,
    method: string,
    path: string,
    status: number,
    ms: number,
    ip: string,
  ): void {
    const now = Date.now();
    if (now !== this.#stampAt) {
      this.#stampAt = now;
      this.#stamp = new Date(now).toISOString();
    }
    this.#lines.push(
      `{"t":"${this.#stamp}","request_id":${q(requestId)},"method":${q(method)},"path":${
        q(loggablePath(path))
      },"status":${status},"ms":${ms},"ip":${q(ip)}}`,
    );
    if (!this.#scheduled) {
      this.#scheduled = true;
      setTimeout(() => this.flush(), 50);
    }
  }

  flush(): void {
    this.#scheduled = false;
    if (this.#lines.length === 0) return;
    const text = this.#lines.join("\n") + "\n";
    this.#lines = [];
    try {
      this.#write(text);
    } catch {
      // stdout gone (closed pipe): logging must never take the server down.
    }
  }
}

/** Characters that need no JSON escaping, in a short string. */
const SAFE = /^[\x21\x23-\x5b\x5d-\x7e]{1,200}$/;

/** A JSON string literal; plain tokens skip `JSON.stringify`. */
function q(s: string): string {
  return SAFE.test(s) ? `"${s}"` : JSON.stringify(s);
}

/** Caps what an attacker-controlled path can put in a log line. */
export function loggablePath(pathname: string): string {
  return pathname.length > 200 ? pathname.slice(0, 200) + "…" : pathname;
}
