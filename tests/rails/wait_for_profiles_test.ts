/** `waitForProfiles()`: bounded exponential backoff, on a fake clock (no real sleeping). */
import assert from "node:assert/strict";
import { waitForProfiles } from "../../rails/supplier/wait_for_profiles.ts";
import { type Profile, SupplierError } from "../../rails/supplier/types.ts";
import { FakeClock } from "./_helpers.ts";

const PROFILE: Profile = { profileId: "p", orderRef: "o", activationCode: "LPA:1$h$m" };

function fake(answers: (Profile[] | SupplierError)[]) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    profiles() {
      const a = answers[Math.min(calls++, answers.length - 1)]!;
      return a instanceof SupplierError ? Promise.reject(a) : Promise.resolve(a);
    },
  };
}

function timing(clock: FakeClock, slept: number[]) {
  return {
    now: clock.now,
    sleep: (ms: number) => {
      slept.push(ms);
      clock.advance(ms);
      return Promise.resolve();
    },
  };
}

Deno.test("waitForProfiles() returns at once when the profile is already there", async () => {
  const s = fake([[PROFILE]]);
  const slept: number[] = [];
  assert.deepEqual(await waitForProfiles(s, { orderRef: "o" }, timing(new FakeClock(), slept)), [
    PROFILE,
  ]);
  assert.deepEqual(slept, []);
});

Deno.test("waitForProfiles() backs off exponentially up to maxDelayMs", async () => {
  const s = fake([[], [], [], [], [], [], [PROFILE]]);
  const slept: number[] = [];
  await waitForProfiles(s, { orderRef: "o" }, {
    ...timing(new FakeClock(), slept),
    initialDelayMs: 100,
    maxDelayMs: 500,
  });
  assert.deepEqual(slept, [100, 200, 400, 500, 500, 500]);
  assert.equal(s.calls, 7);
});

Deno.test("waitForProfiles() gives up at the deadline with profile_timeout, retryable", async () => {
  const s = fake([[]]);
  const slept: number[] = [];
  const err = await waitForProfiles(s, { orderRef: "o" }, {
    ...timing(new FakeClock(), slept),
    timeoutMs: 1000,
    initialDelayMs: 300,
  }).then(() => null, (e) => e);
  assert.ok(err instanceof SupplierError);
  assert.equal(err.code, "profile_timeout");
  assert.equal(err.retryable, true);
  assert.deepEqual(slept, [300, 600, 100]); // never sleeps past the deadline
});

Deno.test("waitForProfiles() keeps polling through retryable errors", async () => {
  const s = fake([new SupplierError("supplier_unavailable", "503", true), [], [PROFILE]]);
  const slept: number[] = [];
  assert.deepEqual(await waitForProfiles(s, { orderRef: "o" }, timing(new FakeClock(), slept)), [
    PROFILE,
  ]);
  assert.equal(s.calls, 3);
});

Deno.test("waitForProfiles() stops at the first non-retryable error", async () => {
  const s = fake([[], new SupplierError("not_found", "no order", false), [PROFILE]]);
  const err = await waitForProfiles(s, { orderRef: "o" }, timing(new FakeClock(), [])).then(
    () => null,
    (e) => e,
  );
  assert.equal(err?.code, "not_found");
  assert.equal(s.calls, 2);
});

Deno.test("waitForProfiles() names the last retryable error when it times out", async () => {
  const s = fake([new SupplierError("rate_limited", "slow down", true)]);
  const err = await waitForProfiles(s, { profileId: "p" }, {
    ...timing(new FakeClock(), []),
    timeoutMs: 100,
  }).then(() => null, (e) => e);
  assert.equal(err?.code, "profile_timeout");
  assert.match(err!.message, /profile_id 'p'.*slow down/);
});

Deno.test("waitForProfiles() stops when its signal is aborted", async () => {
  const ac = new AbortController();
  const s = fake([[]]);
  const clock = new FakeClock();
  const err = await waitForProfiles(s, { orderRef: "o" }, {
    now: clock.now,
    sleep: () => {
      ac.abort(new Error("stopped"));
      return Promise.resolve();
    },
    signal: ac.signal,
  }).then(() => null, (e) => e);
  assert.equal(err?.message, "stopped");
});
