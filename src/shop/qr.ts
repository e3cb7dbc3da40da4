/**
 * Server-side QR codes as inline SVG (npm `uqr`, pinned): the payment link on the order page
 * and the activation string on the delivery page. No image files, no external requests.
 */
import { renderSVG } from "uqr";

/** An SVG QR code of `text`, with a title for screen readers and a quiet zone. */
export function qrSvg(text: string, title: string): string {
  // ECC 'M' keeps the code readable when slightly damaged, still small for an LPA string.
  const svg = renderSVG(text, { ecc: "M", border: 4, pixelSize: 6 });
  return svg.replace(/^<svg /, `<svg role="img" aria-label="${escapeAttr(title)}" `);
}

function escapeAttr(s: string): string {
  return s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}
