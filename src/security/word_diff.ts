/**
 * Word diff for mcp-diff: tokens are words, single punctuation characters and whitespace runs;
 * longest common subsequence on the middle part left after the common prefix and suffix (capped
 * at 1,000,000 cells per text, and by an optional budget shared by all the texts of one mcp-diff
 * call, beyond which the middle is shown as replaced). Invisible characters are made visible as
 * `<U+XXXX>` in every op and in the rendered text.
 *
 * @example
 * ```ts
 * import { wordDiff } from "./word_diff.ts";
 * wordDiff("Reads a file.", "Reads a text file.").text; // "Reads a {+text +}file."
 * ```
 */
import { visible } from "./unicode.ts";

export interface DiffOp {
  op: "=" | "-" | "+";
  text: string;
}

export interface WordDiff {
  ops: DiffOp[];
  /** Rendered: deletions as `[-...-]`, insertions as `{+...+}`. */
  text: string;
}

const TOKEN = /\s+|[\p{L}\p{N}\p{M}_\u200b-\u200d\u2060\ufeff]+|[^]/gu;
const MAX_CELLS = 1_000_000;

/** LCS cells left for one mcp-diff call (decremented by every word diff that uses it). */
export interface DiffBudget {
  cells: number;
}

function tokens(s: string): string[] {
  return s.match(TOKEN) ?? [];
}

/** Word diff of two texts; `budget` (shared across calls) bounds the total LCS work. */
export function wordDiff(oldText: string, newText: string, budget?: DiffBudget): WordDiff {
  const a = tokens(oldText);
  const b = tokens(newText);
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (
    suf < a.length - pre && suf < b.length - pre &&
    a[a.length - 1 - suf] === b[b.length - 1 - suf]
  ) suf++;
  const am = a.slice(pre, a.length - suf);
  const bm = b.slice(pre, b.length - suf);
  const raw: DiffOp[] = [];
  const push = (op: DiffOp["op"], text: string) => {
    const last = raw[raw.length - 1];
    if (last && last.op === op) last.text += text;
    else raw.push({ op, text });
  };
  for (let i = 0; i < pre; i++) push("=", a[i]!);
  const n = am.length;
  const m = bm.length;
  const cells = n * m;
  if (cells > MAX_CELLS || n === 0 || m === 0 || (budget !== undefined && cells > budget.cells)) {
    for (const t of am) push("-", t);
    for (const t of bm) push("+", t);
  } else {
    if (budget) budget.cells -= cells;
    // LCS table from the end: L[i][j] = LCS of am[i..], bm[j..].
    const w = m + 1;
    const L = new Uint32Array((n + 1) * w);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        L[i * w + j] = am[i] === bm[j]
          ? L[(i + 1) * w + j + 1]! + 1
          : Math.max(L[(i + 1) * w + j]!, L[i * w + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (am[i] === bm[j]) {
        push("=", am[i]!);
        i++;
        j++;
      } else if (L[(i + 1) * w + j]! >= L[i * w + j + 1]!) push("-", am[i++]!);
      else push("+", bm[j++]!);
    }
    while (i < n) push("-", am[i++]!);
    while (j < m) push("+", bm[j++]!);
  }
  for (let i = a.length - suf; i < a.length; i++) push("=", a[i]!);
  const ops = raw.map((o) => ({ op: o.op, text: visible(o.text) }));
  const text = ops.map((o) =>
    o.op === "=" ? o.text : o.op === "-" ? `[-${o.text}-]` : `{+${o.text}+}`
  )
    .join("");
  return { ops, text };
}
