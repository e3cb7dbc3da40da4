/**
 * Look-alike tool names (UTS #39 skeleton collisions, look-alike letters, duplicates, names one
 * edit apart) and mixed-script words in texts.
 */
import type { TextItem } from "./_corpus.ts";
import { latinLookalike, skeleton } from "./confusables.ts";
import { ruleById, WELL_KNOWN_TOOLS } from "./rules.ts";
import type { Collector } from "./_collector.ts";

/**
 * 32-bit polynomial hashes of the name and of each of its single deletions (symmetric delete:
 * two names one edit apart share one). Hash collisions only add candidates, which are then
 * checked exactly.
 */
function editNeighbours(name: string): number[] {
  const n = name.length;
  const pre = new Int32Array(n + 1);
  const pow = new Int32Array(n + 1);
  const suf = new Int32Array(n + 1);
  pow[0] = 1;
  for (let i = 0; i < n; i++) {
    pre[i + 1] = Math.imul(pre[i]!, 131) + name.charCodeAt(i);
    pow[i + 1] = Math.imul(pow[i]!, 131);
  }
  for (let i = n - 1; i >= 0; i--) {
    suf[i] = Math.imul(name.charCodeAt(i), pow[n - 1 - i]!) + suf[i + 1]!;
  }
  const mix = (h: number, len: number) => (h ^ Math.imul(len, 0x9e3779b1)) | 0;
  // Each distinct hash once: deleting any letter of a run gives the same name, and a name made
  // of one long run would otherwise be indexed, and looked up, once per letter (quadratic).
  const out = new Set([mix(pre[n]!, n)]);
  for (let i = 0; i < n; i++) {
    out.add(mix(Math.imul(pre[i]!, pow[n - 1 - i]!) + suf[i + 1]!, n - 1));
  }
  return [...out];
}

/** True when a and b are one edit apart in a way that is not a plural or a numbered sibling. */
function meaningfulNear(a: string, b: string): boolean {
  if (a === b) return false;
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  if (l === s + "s" || l === s + "es") return false;
  let i = 0;
  while (i < s.length && s[i] === l[i]) i++;
  // Numbered siblings (step1/step2, item_11/item_119) are not look-alikes.
  if (s.length === l.length) return !(/\d/.test(s[i]!) && /\d/.test(l[i]!));
  return !/\d/.test(l[i]!);
}

/** One substitution, insertion, deletion or swap of adjacent characters apart. */
function oneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    if (i === a.length) return false;
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [s, l] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < s.length && s[i] === l[i]) i++;
  return s.slice(i) === l.slice(i + 1);
}

/**
 * Names by edit-neighbour hash: an open-addressing table over typed arrays (a scan indexes
 * about twenty hashes per name, and a Map with number keys made that a tenth of the scan).
 */
class EditIndex {
  private keys: Int32Array;
  private head: Int32Array;
  private mask: number;
  private entName: Int32Array;
  private entNext: Int32Array;
  private count = 0;
  constructor(readonly names: readonly string[], hashes: readonly (readonly number[])[]) {
    const total = hashes.reduce((t, h) => t + h.length, 0);
    let size = 16;
    while (size < total * 2) size *= 2;
    this.mask = size - 1;
    this.keys = new Int32Array(size);
    this.head = new Int32Array(size).fill(-1);
    this.entName = new Int32Array(total);
    this.entNext = new Int32Array(total);
    hashes.forEach((hs, id) => {
      for (const h of hs) {
        const slot = this.slot(h);
        this.keys[slot] = h;
        this.entName[this.count] = id;
        this.entNext[this.count] = this.head[slot]!;
        this.head[slot] = this.count++;
      }
    });
  }

  /** The slot of a hash: where it is, or the empty slot where it would go. */
  private slot(h: number): number {
    let i = (Math.imul(h, 0x9e3779b1) >>> 7) & this.mask;
    while (this.head[i] !== -1 && this.keys[i] !== h) i = (i + 1) & this.mask;
    return i;
  }

  /** Adds the names indexed under hash `h` to `out`. */
  addTo(h: number, out: Set<string>) {
    for (let e = this.head[this.slot(h)]!; e !== -1; e = this.entNext[e]!) {
      out.add(this.names[this.entName[e]!]!);
    }
  }
}

const WELL_KNOWN_SET = new Set(WELL_KNOWN_TOOLS);
const WELL_KNOWN_SKELETONS = new Map<string, string>();
for (const k of WELL_KNOWN_TOOLS) {
  if (!WELL_KNOWN_SKELETONS.has(skeleton(k))) WELL_KNOWN_SKELETONS.set(skeleton(k), k);
}
const WELL_KNOWN_INDEX = new EditIndex(WELL_KNOWN_TOOLS, WELL_KNOWN_TOOLS.map(editNeighbours));

/** Skeletons and edit neighbours per name (lists are scanned again and again). */
const skeletons = new Map<string, string>();
const neighbourMemo = new Map<string, number[]>();
const MEMO_MAX = 50_000;

function skeletonOf(name: string): string {
  let s = skeletons.get(name);
  if (s === undefined) {
    s = skeleton(name);
    if (skeletons.size >= MEMO_MAX) skeletons.clear();
    skeletons.set(name, s);
  }
  return s;
}

function neighboursOf(name: string): number[] {
  let v = neighbourMemo.get(name);
  if (v === undefined) {
    v = editNeighbours(name);
    if (neighbourMemo.size >= MEMO_MAX) neighbourMemo.clear();
    neighbourMemo.set(name, v);
  }
  return v;
}

function separatorFree(name: string): string {
  return name.toLowerCase().replace(/[-_.\s]/g, "");
}

export function scanNames(col: Collector, names: string[], known: readonly string[]) {
  const dup = ruleById("look.duplicate_name");
  const coll = ruleById("look.skeleton_collision");
  const conf = ruleById("look.confusable_chars");
  const nearR = ruleById("look.near_name");
  const first = new Map<string, number>();
  const skel = names.map(skeletonOf);
  const bySkel = new Map<string, Set<string>>();
  // Whether each name is the first of its spelling (only those are checked below).
  const firstOf = new Uint8Array(names.length);
  names.forEach((n, i) => {
    if (first.has(n)) {
      col.add(dup, i, "/name", 0, n, { note: `same name as tool #${first.get(n)}` });
    } else {
      first.set(n, i);
      firstOf[i] = 1;
    }
    const set = bySkel.get(skel[i]!);
    if (set === undefined) bySkel.set(skel[i]!, new Set([n]));
    else set.add(n);
  });
  const knownSet = new Set(known);
  const knownSkel = new Map(WELL_KNOWN_SKELETONS);
  for (const k of known) if (!knownSkel.has(skeletonOf(k))) knownSkel.set(skeletonOf(k), k);
  // One-edit index over the list and the known names (well-known names are pre-indexed).
  // Each distinct name's edit neighbours are looked up once per scan.
  const listed = [...first.keys()];
  const hoods = listed.map((n) => n.length >= 4 ? neighboursOf(n) : null);
  const indexed: string[] = [];
  const indexedHoods: number[][] = [];
  listed.forEach((n, k) => {
    if (hoods[k] !== null) indexed.push(n), indexedHoods.push(hoods[k]!);
  });
  for (const n of known) if (n.length >= 4) indexed.push(n), indexedHoods.push(neighboursOf(n));
  const index = new EditIndex(indexed, indexedHoods);
  // Each name's separator-free form, once per scan (a name is the candidate of many others).
  const sepFree = new Map<string, string>();
  const sepOf = (name: string) => {
    let k = sepFree.get(name);
    if (k === undefined) sepFree.set(name, k = separatorFree(name));
    return k;
  };
  const bySep = new Map<string, string[]>();
  for (const n of listed) {
    const k = sepOf(n);
    const same = bySep.get(k);
    if (same === undefined) bySep.set(k, [n]);
    else same.push(n);
  }
  let at = 0; // the index of name i in `listed` (first spellings, in order)
  names.forEach((n, i) => {
    if (firstOf[i] === 0) return;
    const hood = hoods[at++];
    // A name that is itself well-known (or approved) is the original, not the look-alike.
    if (WELL_KNOWN_SET.has(n) || knownSet.has(n)) return;
    const sk = skel[i]!;
    let other: string | undefined;
    for (const o of bySkel.get(sk)!) {
      if (o !== n) {
        other = o;
        break;
      }
    }
    let reported = false;
    if (other !== undefined) {
      col.add(coll, i, "/name", 0, n, { decoded: sk, note: `looks like tool '${other}'` });
      reported = true;
    } else {
      const kn = knownSkel.get(sk);
      if (kn !== undefined && kn !== n) {
        col.add(coll, i, "/name", 0, n, {
          decoded: sk,
          note: `looks like well-known tool '${kn}'`,
        });
        reported = true;
      }
    }
    if (/[\u0080-\uffff]/.test(n) && /[A-Za-z]/.test(n)) {
      const lookalikes = [...n].filter((ch) =>
        latinLookalike(ch) !== undefined && ch.charCodeAt(0) > 0x7f
      );
      if (lookalikes.length > 0) {
        col.add(conf, i, "/name", 0, n, {
          decoded: sk,
          note: `look-alike letters: ${lookalikes.join(" ")}`,
        });
        reported = true;
      }
    }
    if (reported || hood === null) return;
    const cands = new Set<string>();
    for (const v of hood!) {
      index.addTo(v, cands);
      WELL_KNOWN_INDEX.addTo(v, cands);
    }
    const sepN = sepOf(n);
    for (const o of bySep.get(sepN)!) cands.add(o);
    // The first candidate in sorted order that is near: the least near one.
    let hit: string | undefined;
    for (const o of cands) {
      if (o === n || (hit !== undefined && o > hit)) continue;
      if ((oneEdit(n, o) && meaningfulNear(n, o)) || sepOf(o) === sepN) hit = o;
    }
    if (hit !== undefined) col.add(nearR, i, "/name", 0, n, { note: `near '${hit}'`, key: n });
  });
}

const MIXED_WORD = /[\p{L}\p{M}]{2,64}/gu;

export function scanMixedScript(col: Collector, tool: number, items: TextItem[]) {
  const rule = ruleById("look.mixed_script_word");
  for (const it of items) {
    if (it.field === "/name" || !/[\u0080-\uffff]/.test(it.text)) continue;
    MIXED_WORD.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = MIXED_WORD.exec(it.text)) !== null) {
      const w = m[0];
      if (!/[A-Za-z]/.test(w) || !/[\u0080-\uffff]/.test(w)) continue;
      if ([...w].some((ch) => ch.charCodeAt(0) > 0x7f && latinLookalike(ch) !== undefined)) {
        col.add(rule, tool, it.field, m.index, w, { decoded: skeleton(w) });
      }
    }
  }
}
