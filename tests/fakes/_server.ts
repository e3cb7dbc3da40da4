/**
 * Shared parts of the provider fakes: a loopback server on an ephemeral port, failure
 * injection (the next N requests answer 500, 429, a malformed body, or hang until released),
 * and the controls every fake offers to the shared adapter case table.
 */

/** Failure modes a fake can inject into its next requests (after authentication). */
export type FailMode = "500" | "429" | "malformed" | "shape" | "hang";

/** What the shared case table can do to any provider fake. */
export interface FakeControls {
  /** Base URL of the fake (`http://127.0.0.1:<port>`). */
  readonly url: string;
  /** Sets a plan's current cost (decimal string, USD). */
  setCostUsd(planId: string, usd: string): void;
  /** Sets the account balance (decimal string, USD). */
  setBalanceUsd(usd: string): void;
  /** The next `count` requests (default 1) fail with `mode`. */
  failNext(mode: FailMode, count?: number): void;
  /** Profiles of orders placed from now on appear after `polls` profile queries. */
  setProfileDelay(polls: number): void;
  /** How many orders the provider has really placed. */
  orderCount(): number;
  /** State of a profile the provider made: `released`, `installed`, `cancelled`. */
  profileState(profileId: string): string | undefined;
  /** Marks a profile installed (as a customer's phone would). */
  install(profileId: string): void;
  /** Lets hung requests finish. */
  release(): void;
  close(): Promise<void>;
}

/** Failure injection shared by the fakes. */
export class Failures {
  #queue: FailMode[] = [];
  #waiters: (() => void)[] = [];

  push(mode: FailMode, count = 1): void {
    for (let i = 0; i < count; i++) this.#queue.push(mode);
  }

  /**
   * The injected answer for this request, or `null` to serve it normally. `malformed` is a
   * body that is not JSON; `shape` valid JSON of the wrong shape (both with status 200).
   */
  async take(malformed: string, shape: unknown): Promise<Response | null> {
    const mode = this.#queue.shift();
    if (!mode) return null;
    if (mode === "500") return new Response("Internal Server Error", { status: 500 });
    if (mode === "429") {
      return new Response(JSON.stringify({ message: "Too Many Requests" }), {
        status: 429,
        headers: { "Content-Type": "application/json", "Retry-After": "1" },
      });
    }
    if (mode === "malformed") {
      return new Response(malformed, { headers: { "Content-Type": "application/json" } });
    }
    if (mode === "shape") return json(shape);
    await new Promise<void>((resolve) => this.#waiters.push(resolve));
    return new Response("late", { status: 503 });
  }

  release(): void {
    for (const w of this.#waiters.splice(0)) w();
  }
}

/** A running loopback server. */
export interface Running {
  url: string;
  close(): Promise<void>;
}

/** Serves `handler` on 127.0.0.1 with an ephemeral port. */
export function serve(handler: (req: Request) => Promise<Response>): Running {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handler);
  const addr = server.addr as Deno.NetAddr;
  return {
    url: `http://127.0.0.1:${addr.port}`,
    close: () => server.shutdown(),
  };
}

/** A JSON response. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

/** Parses a USD decimal string into integer units of 10^-scale (exact). */
export function usdUnits(usd: string, scale: number): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(usd);
  if (!m || (m[2]?.length ?? 0) > scale) throw new RangeError(`Bad USD amount '${usd}'`);
  return BigInt(m[1]! + (m[2] ?? "").padEnd(scale, "0"));
}

/** Integer units of 10^-scale back to a number (exact decimal, shortest form). */
export function unitsUsd(units: bigint, scale: number): number {
  const s = units.toString().padStart(scale + 1, "0");
  return Number(`${s.slice(0, s.length - scale)}.${s.slice(s.length - scale)}`);
}
