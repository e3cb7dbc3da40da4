/**
 * Every relative link in README.md, CONTRIBUTING.md and docs/ resolves: the file exists and, for
 * a `#anchor`, the target Markdown file has a heading with that anchor (GitHub's rule).
 */
import assert from "node:assert/strict";
import { anchors, links } from "./_markdown.ts";
import { docFiles, read, ROOT } from "./_files.ts";

const exists = (path: string) => Deno.stat(path).then(() => true, () => false);

Deno.test("docs: every relative link resolves to a file and an existing heading anchor", async () => {
  const broken: string[] = [];
  let checked = 0;
  for (const file of await docFiles()) {
    for (const target of links(await read(file))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto: ...
      checked++;
      const [path = "", anchor] = target.split("#", 2);
      const resolved = path === ""
        ? `${ROOT}${file}`
        : new URL(path, `file://${ROOT}${file}`).pathname;
      if (!resolved.startsWith(ROOT)) {
        broken.push(`${file}: ${target} points outside the repository`);
        continue;
      }
      if (!(await exists(resolved))) {
        broken.push(`${file}: ${target} (no file ${resolved.slice(ROOT.length)})`);
        continue;
      }
      if (anchor && resolved.endsWith(".md")) {
        const known = anchors(await Deno.readTextFile(resolved));
        if (!known.has(decodeURIComponent(anchor))) {
          broken.push(`${file}: ${target} (no heading with anchor #${anchor})`);
        }
      }
    }
  }
  assert.deepEqual(broken, [], `broken links:\n${broken.join("\n")}`);
  assert.ok(checked > 20, `only ${checked} relative links found: is the link reader broken?`);
});

Deno.test("docs: README links every page under docs/", async () => {
  const readme = links(await read("README.md")).map((l) => l.split("#")[0]);
  const pages = (await docFiles()).filter((f) =>
    f.startsWith("docs/") && f.split("/").length === 2
  );
  const missing = pages.filter((p) => !readme.includes(p));
  assert.deepEqual(missing, [], `README.md does not link: ${missing.join(", ")}`);
});

Deno.test("docs: user pages never send readers to files a clone does not have", async () => {
  const offenders: string[] = [];
  for (const file of await docFiles()) {
    const text = await read(file);
    for (const bad of ["shared/spec", "DESIGN.md", "../shared"]) {
      if (text.includes(bad)) offenders.push(`${file} mentions ${bad}`);
    }
  }
  assert.deepEqual(offenders, []);
});

Deno.test("docs: the anchor reader follows GitHub's rule (checked on known headings)", () => {
  const a = anchors("# Paying from the shell\n## `esim-rails call`: pay\n## Keys\n## Keys\n");
  assert.ok(a.has("paying-from-the-shell"));
  assert.ok(a.has("esim-rails-call-pay"));
  assert.ok(a.has("keys") && a.has("keys-1"));
  assert.deepEqual(links("[a](x.md#y) `[b](no.md)`\n```\n[c](no.md)\n```\n[d]: z.md\n"), [
    "x.md#y",
    "z.md",
  ]);
});
