/** The user-facing Markdown files of the repository, as paths relative to its root. */
export const ROOT = new URL("../../", import.meta.url).pathname;

async function walk(dir: string, out: string[]): Promise<void> {
  for await (const e of Deno.readDir(`${ROOT}${dir}`)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) await walk(path, out);
    else if (e.name.endsWith(".md")) out.push(path);
  }
}

/** README.md, CONTRIBUTING.md and every .md under docs/, sorted. */
export async function docFiles(): Promise<string[]> {
  const out = ["README.md", "CONTRIBUTING.md"];
  await walk("docs", out);
  return out.sort();
}

export const read = (path: string) => Deno.readTextFile(`${ROOT}${path}`);
