/**
 * Parsed, not grepped: an HTML document or fragment walked as a DOM, listing anything that could run script: a
 * <script> outside the allowed set, an event handler, a javascript:, vbscript: or data: URL (after the browser's
 * trimming), an <iframe srcdoc>, a navigating <meta http-equiv=refresh>, an <object>/<embed>/<base>.
 */
import { parseDocument } from "htmlparser2";
import type { ChildNode, Element } from "domhandler";

const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href", "data", "background", "poster", "srcset", "ping", "codebase", "cite", "lowsrc", "dynsrc"]);
const FORBIDDEN_ELEMENTS = new Set(["iframe", "object", "embed", "base", "frame", "frameset", "applet", "foreignobject"]);

/** A URL's scheme as a browser resolves it: leading/trailing C0 controls and spaces trimmed, tabs and newlines removed. */
export function urlScheme(value: string): string | null {
  const cleaned = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
  return m ? m[1].toLowerCase() : null;
}

export interface InspectOptions {
  /** the app's own scripts: allowed when this says so (e.g. src under /_next/, or a known inline id) */
  allowScript?: (el: Element) => boolean;
}

export function unsafeHtml(html: string, options: InspectOptions = {}): string[] {
  const found: string[] = [];
  const visit = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (node.type !== "tag" && node.type !== "script" && node.type !== "style") continue;
      const el = node as Element;
      const name = el.name.toLowerCase();
      if (name === "script" && !options.allowScript?.(el)) found.push(`<script> ${JSON.stringify(el.attribs).slice(0, 120)}`);
      if (FORBIDDEN_ELEMENTS.has(name)) found.push(`<${name}>`);
      // a refresh that only reloads (the widget's) is fine; one that navigates somewhere is not
      if (name === "meta" && (el.attribs["http-equiv"] ?? "").toLowerCase() === "refresh" && /url\s*=/i.test(el.attribs.content ?? "")) found.push("<meta http-equiv=refresh url>");
      for (const [attr, value] of Object.entries(el.attribs)) {
        const a = attr.toLowerCase();
        if (a.startsWith("on")) found.push(`<${name} ${a}>`);
        if (a === "srcdoc") found.push(`<${name} srcdoc>`);
        if (URL_ATTRIBUTES.has(a)) {
          const scheme = urlScheme(value);
          if (scheme === "javascript" || scheme === "vbscript" || scheme === "data") found.push(`<${name} ${a}=${scheme}:>`);
        }
      }
      visit(el.children);
    }
  };
  visit(parseDocument(html, { lowerCaseAttributeNames: true }).children);
  return found;
}
