/**
 * Deno-only build script (not part of the SDK): bundles `rails/mod.ts` into a publishable ESM
 * package for Node 20+ in `dist/sdk/`: `index.js` (one file, with ajv and @noble/hashes
 * bundled in, so the package has no dependencies), `index.d.ts`, `package.json`, the JSON
 * Schemas under `spec/esim-v1/`, and a README. Fails when the bundle mentions `Deno.`, which
 * would break on Node. Run: `deno task build:sdk`.
 */
import { VERSION } from "../../src/version.ts";

const root = new URL("../../", import.meta.url);
const out = new URL("dist/sdk/", root);
const rel = (u: URL) => u.pathname;

async function run(args: string[]): Promise<void> {
  const res = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: rel(root),
    stdout: "inherit",
    stderr: "inherit",
    env: { NO_COLOR: "1" },
  }).output();
  if (!res.success) throw new Error(`deno ${args.join(" ")} failed`);
}

await Deno.remove(out, { recursive: true }).catch(() => {});
await Deno.mkdir(new URL("spec/esim-v1/", out), { recursive: true });

await run([
  "bundle",
  "--quiet",
  "--platform",
  "browser",
  "--declaration",
  "--output",
  rel(new URL("index.js", out)),
  "rails/mod.ts",
]);

const js = await Deno.readTextFile(new URL("index.js", out));
if (/\bDeno\./.test(js)) {
  throw new Error("the SDK bundle uses Deno.*: SDK modules must use Web APIs only");
}
const dts = await Deno.readTextFile(new URL("index.d.ts", out));
if (/from\s+["'](?!\.)/.test(dts)) {
  throw new Error("index.d.ts imports a package; the SDK's public types must be self-contained");
}

// The declarations must type-check on their own and serve a consumer.
await Deno.mkdir(new URL(".tmp/", root), { recursive: true });
const consumer = new URL(".tmp/sdk_consumer_check.ts", root);
await Deno.writeTextFile(
  consumer,
  `// @ts-types="../dist/sdk/index.d.ts"
import { HttpSupplier, priceOffer, type Supplier, validate } from "../dist/sdk/index.js";
const s: Supplier = new HttpSupplier({ url: "http://127.0.0.1:1", secret: "0123456789abcdef" });
const p: string = priceOffer({ planId: "p", costUsd: 1 }, { marginPct: 1, minMarginUsd: 0 }).priceUsd;
const v = validate("offer", {});
export { p, s, v };
`,
);
await run(["check", "--quiet", "--no-config", rel(new URL("index.d.ts", out)), rel(consumer)]);
await Deno.remove(consumer);

const schemaDir = new URL("rails/spec/esim-v1/", root);
for await (const e of Deno.readDir(schemaDir)) {
  if (e.isFile && e.name.endsWith(".json")) {
    await Deno.copyFile(new URL(e.name, schemaDir), new URL(`spec/esim-v1/${e.name}`, out));
  }
}

const pkg = {
  name: "@esim-rails/sdk",
  version: VERSION,
  description: "eSIM operator rails: supplier interface, HTTP supplier client and reference " +
    "receiver, pricing, esim.*@v1 JSON Schemas",
  type: "module",
  engines: { node: ">=20" },
  main: "./index.js",
  types: "./index.d.ts",
  exports: {
    ".": { types: "./index.d.ts", import: "./index.js", default: "./index.js" },
    "./spec/esim-v1/*.json": "./spec/esim-v1/*.json",
    "./package.json": "./package.json",
  },
  files: ["index.js", "index.d.ts", "spec/", "README.md"],
  sideEffects: false,
};
await Deno.writeTextFile(new URL("package.json", out), JSON.stringify(pkg, null, 2) + "\n");
await Deno.writeTextFile(
  new URL("README.md", out),
  `# @esim-rails/sdk ${VERSION}

ESM package for Node 20+ (and Deno, Bun, browsers for the Web-standard parts): the supplier
interface of the eSIM rails, the signed HTTP supplier client (\`HttpSupplier\`,
\`waitForProfiles\`), the reference receiver as a fetch handler (\`createSupplierReceiver\`),
exact pricing (\`priceOffer\`), and the \`esim.*@v1\` JSON Schemas with validators
(\`validate\`; files under \`spec/esim-v1/\`). No dependencies: ajv and @noble/hashes are
bundled. Follows semantic versioning; \`esim.*@v1\` only grows.
`,
);
console.log(`built ${rel(out)} (${(js.length / 1024).toFixed(0)} KiB index.js)`);
