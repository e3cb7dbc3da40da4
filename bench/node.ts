/**
 * Seller node throughput: signed `POST /quote` answers per second through the real server
 * (kernel, body parsing, canonical input hash, cached catalog, signed-answer cache) against a
 * bare `Deno.serve` returning the same JSON and headers, measured alternately in the same run
 * with the same load generator. Prints a ratio; target ≥ 0.5.
 * Usage: `deno run -A bench/node.ts [seconds] [rounds]`.
 */
import { generatorName, measureRps, median, spawnTarget } from "./_load.ts";
import { spawnServe } from "../tests/support/process.ts";

const seconds = Number(Deno.args[0] ?? 2);
const rounds = Number(Deno.args[1] ?? 4);
const script = new URL("./_node_target.ts", import.meta.url);
const dir = await Deno.makeTempDir({ prefix: "esim-rails-bench-" });
try {
  const secretFile = `${dir}/secret`;
  await Deno.writeTextFile(secretFile, "bench-supplier-secret-0123456789\n");
  await using supplier = await spawnServe([
    "supplier",
    "--port",
    "0",
    "--kv-path",
    ":memory:",
    "--secret-file",
    secretFile,
  ]);
  await using node = await spawnTarget(script, ["node", supplier.url, secretFile]);
  const request = {
    method: "POST",
    body: JSON.stringify({ country: "US" }),
    headers: { "content-type": "application/json" },
  };
  const first = await fetch(`${node.url}/quote`, request);
  const body = await first.text();
  if (first.status !== 200) throw new Error(`quote answered ${first.status}: ${body}`);
  const bodyFile = `${dir}/body.json`;
  await Deno.writeTextFile(bodyFile, body);
  await using bare = await spawnTarget(script, [
    Deno.env.get("BENCH_BARE_READS") === "1" ? "bare-read" : "bare",
    bodyFile,
    first.headers.get("x-provider-signature")!,
  ]);
  await measureRps(`${bare.url}/quote`, 1, request);
  await measureRps(`${node.url}/quote`, 1, request);

  const bareRps: number[] = [];
  const nodeRps: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const a = i % 2 === 0 ? bare : node;
    const b = a === bare ? node : bare;
    const ra = await measureRps(`${a.url}/quote`, seconds, request);
    const rb = await measureRps(`${b.url}/quote`, seconds, request);
    const [br, nr] = a === bare ? [ra, rb] : [rb, ra];
    bareRps.push(br);
    nodeRps.push(nr);
    ratios.push(nr / br);
  }
  console.log(`generator: ${await generatorName()}, ${rounds} paired rounds of ${seconds}s`);
  console.log(`answer: ${body.length} bytes of JSON, signed (X-Provider-Signature)`);
  console.log(`bare Deno.serve      ${median(bareRps).toFixed(0).padStart(8)} req/s (median)`);
  console.log(`node POST /quote     ${median(nodeRps).toFixed(0).padStart(8)} req/s (median)`);
  console.log(
    `ratio node/bare      ${median(ratios).toFixed(3)}  (median of paired ratios; target >= 0.5)`,
  );
} finally {
  await Deno.remove(dir, { recursive: true }).catch(() => {});
}
