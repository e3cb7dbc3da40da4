/** A seller node without payments (free routes only) against a spawned reference receiver. */
import { startTestServer, type TestServer } from "../support/server.ts";
import { nodeEnv, startReceiver } from "./_env.ts";
import type { SpawnedServer } from "../support/process.ts";

export async function withFreeNode(
  fn: (
    s: { url: string; server: TestServer; receiver: SpawnedServer; dir: string },
  ) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "esim-free-" });
  let receiver: SpawnedServer | undefined;
  let server: TestServer | undefined;
  try {
    receiver = await startReceiver({ dir });
    server = await startTestServer(
      { ...await nodeEnv(dir, receiver.url), ...env },
      { nodeLog: () => {} },
    );
    await fn({ url: server.url, server, receiver, dir });
  } finally {
    await server?.[Symbol.asyncDispose]();
    await receiver?.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
