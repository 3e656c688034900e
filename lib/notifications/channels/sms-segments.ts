/**
 * What fits one SMS segment: 160 septets in the GSM 03.38 alphabet (its extension table's € [ ] { } take two), else
 * 70 UTF-16 units as UCS-2. A French "’", a Portuguese "õ" or any Japanese turns a 150-character text into three
 * billed parts, so the limit follows the characters actually present.
 */
const BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
const EXTENSION = new Set("^{}\\[~]|€\f");

/** Typographic punctuation has a plain GSM twin: one curly apostrophe in a title should not cost half the room. */
const PLAIN: Record<string, string> = { "‘": "'", "’": "'", "‚": "'", "“": '"', "”": '"', "„": '"', "…": "...", "–": "-", "—": "-", "\u00a0": " " };
export const plainPunctuation = (text: string): string => text.replace(/[\u2018\u2019\u201a\u201c\u201d\u201e\u2026\u2013\u2014\u00a0]/g, (c) => PLAIN[c]);

export const GSM_SEGMENT = 160;
export const UCS2_SEGMENT = 70;

/** The message's size in its encoding's units and the one-segment limit of that encoding. */
export function smsSize(text: string): { units: number; limit: number } {
  let septets = 0;
  for (const ch of text) {
    if (BASIC.has(ch)) septets += 1;
    else if (EXTENSION.has(ch)) septets += 2;
    else return { units: text.length, limit: UCS2_SEGMENT };
  }
  return { units: septets, limit: GSM_SEGMENT };
}

export const fitsOneSegment = (text: string): boolean => {
  const { units, limit } = smsSize(text);
  return units <= limit;
};

/**
 * `head` cut (with "...", which stays in the GSM alphabet) until `head + tail` fits one segment; null when the
 * tail alone does not fit.
 */
export function fitHead(head: string, tail: string): string | null {
  if (fitsOneSegment(head + tail)) return head + tail;
  // Code points, not UTF-16 units: a cut never splits an emoji's surrogate pair.
  const chars = [...head];
  for (let n = chars.length - 1; n >= 0; n--) {
    const candidate = `${chars.slice(0, n).join("").trimEnd()}...${tail}`;
    if (fitsOneSegment(candidate)) return candidate;
  }
  return null;
}
