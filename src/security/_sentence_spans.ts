/**
 * The sentence split the prose detectors share (`_exfil_prose.ts`, `_leak.ts`), in one linear
 * pass. It reads as the regex `/[^.!?;\n。！？]+(?:[.!?;。！？]+|$)/g` (`sentencesAt` in
 * `_exfil_prose.ts`, kept as the reference the tests compare against), which backtracks over
 * every run that ends at a newline: quadratic on long lines.
 */

/** Ends a sentence: `.!?;` and their CJK forms (a newline ends a run without ending one). */
function endsSentence(c: number): boolean {
  return c === 46 || c === 33 || c === 63 || c === 59 || c === 0x3002 || c === 0xff01 ||
    c === 0xff1f;
}

/**
 * A run of other characters ending in stops or at the end of the text is a sentence; a run cut
 * by a newline with no stop is none; blank runs are dropped. `limit` stops after that many.
 */
export function sentenceSpans(text: string, limit = Infinity): { s: string; at: number }[] {
  const out: { s: string; at: number }[] = [];
  const n = text.length;
  let i = 0;
  while (i < n && out.length < limit) {
    let c = text.charCodeAt(i);
    if (c === 10 || endsSentence(c)) {
      i++;
      continue;
    }
    const at = i;
    while (i < n && (c = text.charCodeAt(i)) !== 10 && !endsSentence(c)) i++;
    if (i < n && c === 10) continue;
    while (i < n && endsSentence(text.charCodeAt(i))) i++;
    const s = text.slice(at, i);
    if (s.trim()) out.push({ s, at });
  }
  return out;
}
