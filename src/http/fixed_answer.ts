/**
 * An answer that is the same for every request (a 402 with its terms, a JSON text built at
 * start), built once and cloned per request.
 *
 * Why: Deno validates every header name and value it is given, character by character, when a
 * `Response` is built or a header is set (the 600-character `PAYMENT-REQUIRED` of a 402 was the
 * largest part of the paywall's own cost), and headers passed in `init` go through a slower
 * conversion still. `Response.clone()` copies the validated header list as it is. Measured on
 * Deno 2.9: a 402 with six headers 3.4–4.7 µs built and set, 0.7 µs cloned; a JSON answer with two
 * headers 3.0 µs from `init`, 0.3 µs cloned.
 *
 * @example
 * ```ts
 * import { FixedAnswer } from "./fixed_answer.ts";
 * const teapot = new FixedAnswer(418, "{}", [["content-type", "application/json"]]);
 * teapot.response().status; // 418
 * ```
 */
export class FixedAnswer {
  #template?: Response;

  constructor(
    readonly status: number,
    readonly body: string,
    /** Headers in the order (and letter case) they are sent. */
    readonly headers: readonly (readonly [string, string])[],
  ) {}

  /** A fresh response (its headers may be changed; the template's never are). */
  response(): Response {
    // The template is built once, so the slow `init` conversion does not matter; it also keeps
    // the given order and letter case, and Deno adds no `Content-Type` of its own.
    this.#template ??= new Response(this.body, {
      status: this.status,
      headers: this.headers as [string, string][],
    });
    return this.#template.clone();
  }
}
