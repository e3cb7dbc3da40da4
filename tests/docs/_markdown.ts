/**
 * Small Markdown readers for the docs tests: fenced code blocks (with their info string and
 * line), relative links, and the anchors GitHub generates for headings.
 */

export interface CodeBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** Words of the info string, e.g. ["sh", "runnable", "exit=1"]. */
  info: string[];
  text: string;
}

/** Every fenced code block (``` or ~~~) of a Markdown text. */
export function codeBlocks(file: string, markdown: string): CodeBlock[] {
  const lines = markdown.split("\n");
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = lines[i]!.match(/^(\s*)(`{3,}|~{3,})(.*)$/);
    if (!open) continue;
    const fence = open[2]!;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !lines[j]!.trim().startsWith(fence)) body.push(lines[j++]!);
    blocks.push({
      file,
      line: i + 1,
      info: open[3]!.trim().split(/\s+/).filter(Boolean),
      text: body.join("\n") + "\n",
    });
    i = j;
  }
  return blocks;
}

/** The Markdown text with fenced code blocks and inline code removed (links there are not links). */
function prose(markdown: string): string {
  return markdown
    .replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\s*\2\s*$/gm, "")
    .replace(/`[^`\n]*`/g, "");
}

/** Link targets of `[text](target)` and `[label]: target`, in order. */
export function links(markdown: string): string[] {
  const text = prose(markdown);
  const out: string[] = [];
  for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push(m[1]!);
  for (const m of text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?\s*$/gm)) out.push(m[1]!);
  return out;
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens, -1, -2 for repeats. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const text = markdown.replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\s*\2\s*$/gm, "");
  for (const m of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = m[1]!
      .replace(/`/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  for (const m of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) out.add(m[1]!);
  return out;
}
