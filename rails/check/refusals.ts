/**
 * The refusal checks: 5, bad input to a free route is 400 (a 5xx fails); 6, the status of an
 * unknown eSIM is 404 with code `not_found`; 7, an order for an unknown offer is 400 before any
 * price (no 402, no `PAYMENT-REQUIRED`). Error bodies are expected as
 * `{success: false, error: {code, message, field?}}` (DESIGN.md §2); a 400 with another body
 * shape is a warning, not a failure, since the spec does not show the shape.
 */
import { type Answer, errorCode, isErrorShape, type Probe, randomHex, short } from "./_probe.ts";
import { result, type RunState, seen } from "./_result.ts";
import type { CheckResult, Evidence } from "./types.ts";

const ERROR_SHAPE = '{"success":false,"error":{"code","message"}}';

/** The bad inputs check 5 sends: path, body (JSON value or raw text) and what is wrong. */
export const BAD_INPUTS: readonly { path: string; json?: unknown; raw?: string; what: string }[] = [
  { path: "/quote", json: { country: "123" }, what: "a country that is not two letters" },
  { path: "/quote", raw: '{"country": "US"', what: "a body that is not JSON" },
  { path: "/status", json: {}, what: "a status request without order_id" },
];

function bodyOf(a: Answer): string {
  return short(a.isJson ? a.json : a.text, 160);
}

/** Runs check 5. */
export async function checkBadInput(probe: Probe): Promise<CheckResult> {
  const offShape: Evidence[] = [];
  for (const bad of BAD_INPUTS) {
    const a = await probe.send("POST", bad.path, { json: bad.json, raw: bad.raw });
    if (a.status !== 400) {
      const crash = a.status >= 500;
      const reason = `${a.request} with ${bad.what} answered ${a.status}${
        crash ? ": a 5xx on bad input fails" : ""
      }; expected 400`;
      return result("bad_input", "fail", reason, [seen(a, { found: bodyOf(a), expected: "400" })]);
    }
    if (!isErrorShape(a.json)) {
      offShape.push(seen(a, { found: bodyOf(a), expected: ERROR_SHAPE }));
    }
  }
  if (offShape.length) {
    return result(
      "bad_input",
      "warn",
      `every bad input answered 400, but ${offShape.length} error bodies are not ${ERROR_SHAPE}`,
      offShape,
    );
  }
  return result("bad_input", "pass", `${BAD_INPUTS.length} bad inputs, each answered 400`);
}

/** Runs check 6. */
export async function checkUnknownStatus(probe: Probe): Promise<CheckResult> {
  const input = { order_id: `ord_conformance_${randomHex(12)}`, token: randomHex(32) };
  const a = await probe.send("POST", "/status", { json: input });
  if (a.status !== 404) {
    return result(
      "unknown_status",
      "fail",
      `status of an order that cannot exist answered ${a.status}; expected 404 not_found`,
      [seen(a, { found: bodyOf(a), expected: "404" })],
    );
  }
  const code = errorCode(a.json);
  if (code !== "not_found") {
    return result(
      "unknown_status",
      "fail",
      `404, but the error code is ${code === undefined ? "missing" : `'${code}'`}`,
      [seen(a, {
        pointer: "/error/code",
        found: code === undefined ? bodyOf(a) : short(code),
        expected: '"not_found"',
      })],
    );
  }
  return result("unknown_status", "pass", "404 with code not_found");
}

/** Runs check 7. A node in demo mode may refuse with code `demo_mode` instead (no price). */
export async function checkUnknownOffer(probe: Probe, state: RunState): Promise<CheckResult> {
  const a = await probe.send("POST", "/order", {
    json: { offer_id: `off_conformance_${randomHex(12)}` },
  });
  const terms = a.headers.get("payment-required");
  if (a.status === 402 || terms !== null) {
    return result(
      "unknown_offer",
      "fail",
      "the node quoted a price for an offer that does not exist; expected 400 before any price",
      [seen(a, {
        header: terms !== null ? "PAYMENT-REQUIRED" : undefined,
        found: terms !== null ? short(terms, 80) : bodyOf(a),
        expected: "400, no PAYMENT-REQUIRED",
      })],
    );
  }
  if (a.status === 400) {
    return result("unknown_offer", "pass", "400 with no PAYMENT-REQUIRED header");
  }
  if (errorCode(a.json) === "demo_mode") {
    state.demo = true;
    return result(
      "unknown_offer",
      "pass",
      `refused with code demo_mode (${a.status}) and no price: the node is in demo mode`,
      [seen(a, { pointer: "/error/code", found: '"demo_mode"' })],
    );
  }
  return result(
    "unknown_offer",
    "fail",
    `an order for an unknown offer answered ${a.status}; expected 400 before any price`,
    [seen(a, { found: bodyOf(a), expected: "400" })],
  );
}
