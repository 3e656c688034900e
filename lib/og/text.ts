/**
 * The image engine fetches a font from the internet for any character its bundled Latin font lacks:
 * that fails offline, leaks page text to a third party and stalls the render. Text drawn into an
 * image is therefore cut to what the bundled font covers; the rest becomes a space.
 */
const COVERED = /[\u0020-\u007e\u00a0-\u017f\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026]/u;

export function ogText(text: string, max = 120): string {
  let out = "";
  for (const ch of text) out += COVERED.test(ch) ? ch : " ";
  out = out.replace(/\s+/g, " ").trim();
  const chars = [...out];
  return chars.length > max ? `${chars.slice(0, max - 1).join("").trimEnd()}…` : out;
}

/** PNG width and height from the IHDR chunk (bytes 16–23), for tests and sanity checks. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || sig.some((b, i) => bytes[i] !== b)) return null;
  if (String.fromCharCode(...bytes.slice(12, 16)) !== "IHDR") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
