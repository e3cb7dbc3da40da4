/**
 * Remote settlement through an x402 facilitator (`FACILITATOR_URL`): `POST /verify` before the
 * handler runs and `POST /settle` after, each with `{x402Version, paymentPayload,
 * paymentRequirements}`. A timeout or network error during `/settle` is `pending` (the
 * facilitator may have broadcast): the claim is kept and the result withheld.
 *
 * @example
 * ```ts
 * import { RemoteSettler } from "./settle_remote.ts";
 * const s = new RemoteSettler({ url: "https://facilitator.example" });
 * ```
 */
import {
  paid,
  pending,
  type PreflightResult,
  refused,
  type SettleInput,
  type SettleOutcome,
  type Settler,
  toV2Payload,
} from "./settle.ts";

export interface RemoteSettlerOptions {
  url: string;
  /** Per-call timeout (default 60 s for settle, 15 s for verify). */
  settleTimeoutMs?: number;
  verifyTimeoutMs?: number;
  /** Extra headers (e.g. an API key of a hosted facilitator). */
  headers?: HeadersInit;
}

export class RemoteSettler implements Settler {
  readonly mode = "remote" as const;
  readonly #base: string;
  constructor(readonly opts: RemoteSettlerOptions) {
    this.#base = opts.url.replace(/\/+$/, "");
  }

  #body(input: SettleInput): string {
    return JSON.stringify({
      x402Version: 2,
      paymentPayload: toV2Payload(input),
      paymentRequirements: input.requirements,
    });
  }

  async #post(
    path: string,
    input: SettleInput,
    timeoutMs: number,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const headers = new Headers(this.opts.headers);
    headers.set("Content-Type", "application/json");
    const res = await fetch(this.#base + path, {
      method: "POST",
      headers,
      body: this.#body(input),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let j: unknown;
    try {
      j = JSON.parse(text);
    } catch {
      throw new HttpStatusError(
        res.status,
        `facilitator ${path} answered ${res.status} without JSON`,
      );
    }
    if (typeof j !== "object" || j === null) {
      throw new HttpStatusError(res.status, `facilitator ${path}: bad JSON`);
    }
    return { status: res.status, body: j as Record<string, unknown> };
  }

  async preflight(
    input: SettleInput,
  ): Promise<PreflightResult> {
    try {
      const j = (await this.#post("/verify", input, this.opts.verifyTimeoutMs ?? 15_000)).body;
      if (j.isValid === true) return { ok: true };
      return {
        ok: false,
        reason: typeof j.invalidReason === "string" ? j.invalidReason : "unexpected_verify_error",
        message: typeof j.invalidMessage === "string"
          ? j.invalidMessage
          : "The facilitator refused the payment",
      };
    } catch {
      return {
        ok: false,
        reason: "unexpected_verify_error",
        message: "The payment facilitator is unreachable",
        unavailable: true,
      };
    }
  }

  async settle(input: SettleInput): Promise<SettleOutcome> {
    let j: Record<string, unknown>;
    let status: number;
    try {
      ({ status, body: j } = await this.#post(
        "/settle",
        input,
        this.opts.settleTimeoutMs ?? 60_000,
      ));
    } catch (e) {
      // Before the request reached the facilitator nothing can have been sent; after, we cannot know.
      if (e instanceof HttpStatusError && e.status >= 400 && e.status < 500) {
        return refused(input, "unexpected_settle_error", e.message);
      }
      return pending(input, "", (e as Error).message);
    }
    if (j.success === true && typeof j.transaction === "string" && j.transaction) {
      return paid(input, j.transaction);
    }
    // A server error (the facilitator failed, or a gateway gave up on it) says nothing about
    // whether the transfer went out: keep the claim, withhold the result.
    if (status >= 500) {
      return pending(
        input,
        typeof j.transaction === "string" ? j.transaction : "",
        `facilitator /settle answered ${status}`,
      );
    }
    return refused(
      input,
      typeof j.errorReason === "string" ? j.errorReason : "unexpected_settle_error",
      typeof j.errorMessage === "string" ? j.errorMessage : undefined,
    );
  }

  /**
   * A facilitator keeps its own record of a broadcast settlement; asking again reconciles. This
   * is only asked after an earlier `/settle` whose outcome was unknown, so a refusal now most
   * likely means "authorization already used" (by that earlier broadcast), which cannot tell
   * whether it paid us. It stays pending: the claim is kept and an order's eSIM is not
   * cancelled (a buyer who paid must not lose the eSIM); the operator resolves it on chain.
   */
  async reconcile(input: SettleInput): Promise<SettleOutcome> {
    const outcome = await this.settle(input);
    if (outcome.success || outcome.pending) return outcome;
    return pending(
      input,
      "",
      `facilitator refused on re-check (${outcome.errorReason}); whether the earlier settlement paid is unknown`,
    );
  }
}

class HttpStatusError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}
