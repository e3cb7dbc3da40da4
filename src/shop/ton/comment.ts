/**
 * The text comment of a jetton transfer's `forward_payload`, read from its bag of cells (BOC,
 * base64) when the index does not decode it: TEP-74 `text_comment#00000000 text:SnakeString`,
 * the UTF-8 text continued in the first reference of each cell. Anything else is null.
 */

interface Cell {
  bytes: Uint8Array;
  bits: number;
  refs: number[];
}

function readInt(b: Uint8Array, at: number, n: number): number {
  let v = 0;
  for (let i = 0; i < n; i++) v = v * 256 + b[at + i]!;
  return v;
}

/** The cells of a BOC and its root index, or null when it is not one. */
function parseBoc(b: Uint8Array): { cells: Cell[]; root: number } | null {
  if (b.length < 6 || readInt(b, 0, 4) !== 0xb5ee9c72) return null;
  const flags = b[4]!;
  const hasIdx = (flags & 0x80) !== 0;
  const size = flags & 0x07;
  const offBytes = b[5]!;
  if (size < 1 || size > 4 || offBytes < 1 || offBytes > 8) return null;
  let p = 6;
  const count = readInt(b, p, size);
  const roots = readInt(b, p += size, size);
  p += size * 2; // roots, absent
  p += offBytes; // total cells size
  if (roots < 1 || count < 1 || count > 64) return null;
  const root = readInt(b, p, size);
  p += size * roots;
  if (hasIdx) p += offBytes * count;
  const cells: Cell[] = [];
  for (let i = 0; i < count; i++) {
    if (p + 2 > b.length) return null;
    const d1 = b[p]!, d2 = b[p + 1]!;
    p += 2;
    const refCount = d1 & 0x07;
    if ((d1 & 0x08) !== 0 || refCount > 4) return null; // exotic cells never carry text
    const len = Math.ceil(d2 / 2);
    if (p + len + refCount * size > b.length) return null;
    let data = b.slice(p, p + len);
    let bits = len * 8;
    if (d2 % 2 === 1 && len > 0) {
      // Completion tag: the last byte ends with a 1 bit followed by zeros.
      const last = data[len - 1]!;
      const trailing = last === 0 ? 8 : Math.log2(last & -last);
      bits -= trailing + 1;
      data = data.slice(0, Math.ceil(bits / 8));
    }
    p += len;
    const refs: number[] = [];
    for (let r = 0; r < refCount; r++) refs.push(readInt(b, p + r * size, size));
    p += refCount * size;
    cells.push({ bytes: data, bits, refs });
  }
  return root < cells.length ? { cells, root } : null;
}

export function textComment(bocBase64: string | null | undefined): string | null {
  if (!bocBase64) return null;
  let raw: Uint8Array;
  try {
    raw = Uint8Array.from(
      atob(bocBase64.replace(/-/g, "+").replace(/_/g, "/")),
      (c) => c.charCodeAt(0),
    );
  } catch {
    return null;
  }
  const boc = parseBoc(raw);
  if (!boc) return null;
  let cell = boc.cells[boc.root]!;
  if (cell.bits < 32 || cell.bits % 8 !== 0 || readInt(cell.bytes, 0, 4) !== 0) return null;
  const parts: Uint8Array[] = [cell.bytes.slice(4)];
  for (let hops = 0; cell.refs.length > 0 && hops < 64; hops++) {
    const next = boc.cells[cell.refs[0]!];
    if (!next || next.bits % 8 !== 0) return null;
    parts.push(next.bytes);
    cell = next;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(
      new Uint8Array(parts.flatMap((x) => [...x])),
    );
  } catch {
    return null;
  }
}
