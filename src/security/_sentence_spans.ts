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

/**
 * Reads a scan's texts piece by piece for tests whose answer on a text is whether one of its
 * pieces passes, each piece's answers kept (lists repeat stock sentences: "Returns the matching
 * records as JSON."). A text is cut between every dot and the space that follows it.
 *
 * Exact for a test that is an or of patterns none of whose matches holds a dot followed by a
 * space and whose only assertions at a cut are word bounds (a dot and a space are both non-word
 * characters, as a text's ends are): a text holds a match exactly when one of its pieces does.
 * Patterns with `^`, `$`, or a lookaround that could read across a cut do not qualify. Only
 * ASCII texts are cut: their lowercased (and `_`-spaced) forms are the pieces' forms joined, cut
 * at the same places.
 *
 * Hashing pieces costs more than it saves when they do not repeat (prose written for each tool):
 * once most pieces looked up were new, texts are read whole for the rest of the scan (the answer
 * is the same either way). Long texts are always read whole.
 */
export class PieceReader {
  #whole = false;
  #looked = 0;
  #known = 0;

  /** A text's pieces, or null when it is read whole (long, not ASCII, one piece, or no repeats). */
  pieces(text: string): string[] | null {
    if (this.#whole || text.length > PIECEWISE_MAX || NOT_ASCII.test(text)) return null;
    const ps = cutAfterDots(text);
    return ps.length > 1 ? ps : null;
  }

  /** The or of the pieces' bit sets (`bitsOf`, each piece's kept in `memo`). */
  bits(
    ps: readonly string[],
    memo: Map<string, number>,
    bitsOf: (piece: string) => number,
  ): number {
    let acc = 0;
    for (const p of ps) {
      let b = memo.get(p);
      if (b === undefined) memo.set(p, b = bitsOf(p));
      else this.#known++;
      acc |= b;
    }
    this.#looked += ps.length;
    if (this.#looked >= CHECK_AFTER) {
      if (this.#known * 4 < this.#looked) this.#whole = true;
      this.#looked = this.#known = 0;
    }
    return acc;
  }
}

/** A text cut between every dot and the space that follows it. */
export function cutAfterDots(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let dot; (dot = text.indexOf(". ", from)) >= 0; from = dot + 1) {
    out.push(text.slice(from, dot + 1));
  }
  out.push(from === 0 ? text : text.slice(from));
  return out;
}

const NOT_ASCII = /[\u0080-\uffff]/;
/** Texts longer than this are read whole (long prose rarely repeats a piece). */
const PIECEWISE_MAX = 512;
/** Pieces looked up between two checks of whether pieces repeat enough to keep reading them. */
const CHECK_AFTER = 256;
