/**
 * The one gate every text passes on its way into the `feed` builder. The library wraps some fields in
 * CDATA yet splits only the first "]]>", and its XML writer turns "&amp;" back into "&" before escaping;
 * what leaves here reads the same whichever of the two paths a field takes.
 */
import { escapeHtml } from "@/lib/text/escape";

/** A value as Heliograph holds it: plain text (names), or sanitised HTML (rendered markdown). */
export type FeedValue = { text: string } | { html: string };

/**
 * How a reader reads the element: "html" (RSS description and content:encoded, Atom type="html") renders
 * the decoded value as HTML; "text" (RSS titles, Atom text constructs) shows it as it is.
 */
export type ReadAs = "text" | "html";

// XML 1.0 cannot carry these even escaped; incident text is user input.
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const xmlSafe = (s: string) => s.replace(NOT_XML_CHAR, "");

/** Same HTML with "]]>" and "&amp;" written as equivalent references (both only occur in text or attribute values). */
const inertHtml = (s: string) => s.replace(/&amp;/gi, "&#38;").replace(/]]>/g, "]]&#62;");

export function feedText(value: FeedValue, readAs: "html"): string;
export function feedText(value: { text: string }, readAs: "text"): string;
export function feedText(value: FeedValue, readAs: ReadAs): string {
  if ("html" in value) return inertHtml(xmlSafe(value.html));
  if (readAs === "html") return inertHtml(escapeHtml(xmlSafe(value.text)));
  // only for fields the library writes as escaped text (never CDATA): it un-escapes "&amp;" first, so every "&" goes in as one
  return xmlSafe(value.text).replace(/&/g, "&amp;");
}
