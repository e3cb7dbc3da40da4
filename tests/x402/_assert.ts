/** `node:assert/strict` re-exported with the names our tests use. */
import assertMod from "node:assert/strict";

export function assert(cond: unknown, msg?: string): asserts cond {
  assertMod.ok(cond, msg);
}
export function assertEquals<T>(actual: unknown, expected: T, msg?: string): void {
  assertMod.deepStrictEqual(actual, expected, msg);
}
export async function assertRejects(fn: () => Promise<unknown>, msg?: string): Promise<Error> {
  try {
    await fn();
  } catch (e) {
    return e as Error;
  }
  throw new assertMod.AssertionError({ message: msg ?? "expected a rejection" });
}
