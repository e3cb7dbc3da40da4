import assert from "node:assert/strict";
import { Store, StoreError } from "../../src/store/kv.ts";
import { tempDir } from "../support/temp.ts";

Deno.test("Store.insertIfAbsent() lets exactly one of many concurrent writers win", async () => {
  const store = await Store.open(":memory:");
  try {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.insertIfAbsent(["claim", "x"], { i })),
    );
    assert.equal(results.filter(Boolean).length, 1);
  } finally {
    store.close();
  }
});

Deno.test("Store.compareAndSet() refuses a stale versionstamp", async () => {
  const store = await Store.open(":memory:");
  try {
    await store.set(["k"], 1);
    const entry = await store.getEntry<number>(["k"]);
    assert.equal(await store.compareAndSet(["k"], entry.versionstamp, 2), true);
    assert.equal(await store.compareAndSet(["k"], entry.versionstamp, 3), false);
    assert.equal(await store.get(["k"]), 2);
    assert.equal(await store.compareAndSet(["new"], null, "a"), true);
  } finally {
    store.close();
  }
});

Deno.test("Store.incrementInWindow() counts within a window and restarts in the next", async () => {
  const store = await Store.open(":memory:");
  try {
    const counts = await Promise.all(
      Array.from({ length: 10 }, () => store.incrementInWindow(["c"], 7, 1)),
    );
    assert.deepEqual([...counts].sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.equal(await store.incrementInWindow(["c"], 8, 1), 1);
  } finally {
    store.close();
  }
});

Deno.test("Store writes survive closing and reopening the KV file", async () => {
  await using dir = await tempDir();
  const path = `${dir.path}/nested/store.kv`;
  const first = await Store.open(path);
  await first.set(["order", "o1"], { status: "delivered" });
  first.close();
  const second = await Store.open(path);
  try {
    assert.deepEqual(await second.get(["order", "o1"]), { status: "delivered" });
    assert.equal((await Deno.stat(path)).mode! & 0o777, 0o600);
  } finally {
    second.close();
  }
});

Deno.test("Store.open() refuses a KV file another process holds, and takes it once that process dies", async () => {
  await using dir = await tempDir();
  const path = `${dir.path}/locked.kv`;
  const holder = new Deno.Command(Deno.execPath(), {
    args: [
      "eval",
      "--unstable-kv",
      "--config",
      new URL("../../deno.json", import.meta.url).pathname,
      `const { Store } = await import(${
        JSON.stringify(new URL("../../src/store/kv.ts", import.meta.url).href)
      }); await Store.open(${
        JSON.stringify(path)
      }); console.log("open"); setInterval(() => {}, 1000);`,
    ],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  try {
    const reader = holder.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let out = "";
    while (!out.includes("open")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("holder exited");
      out += value;
    }
    reader.releaseLock();
    await assert.rejects(() => Store.open(path), (err: unknown) => {
      assert.ok(err instanceof StoreError);
      assert.match(err.message, /another process/);
      return true;
    });
    holder.kill("SIGKILL");
    await holder.status;
    const store = await Store.open(path);
    store.close();
  } finally {
    try {
      holder.kill("SIGKILL");
    } catch { /* already exited */ }
    await holder.status;
    await holder.stdout.cancel().catch(() => {});
  }
});
