/** An SVG parsed as XML: well-formed, and nothing in it that could run (script, foreignObject, on*, script URLs). */
import { XMLValidator } from "fast-xml-parser";
import { DomUtils, parseDocument } from "htmlparser2";
import type { Element } from "domhandler";
import { urlScheme } from "./inspect-html";

export function unsafeSvg(svg: string): string[] {
  const valid = XMLValidator.validate(svg);
  if (valid !== true) return [`not well-formed: ${valid.err.msg}`];
  const found: string[] = [];
  const doc = parseDocument(svg, { xmlMode: true });
  for (const el of DomUtils.findAll(() => true, doc.children) as Element[]) {
    const name = el.name.toLowerCase();
    if (name === "script" || name === "foreignobject" || name === "iframe" || name === "use") found.push(`<${el.name}>`);
    for (const [attr, value] of Object.entries(el.attribs)) {
      const a = attr.toLowerCase();
      if (a.startsWith("on")) found.push(`<${el.name} ${attr}>`);
      if ((a === "href" || a === "xlink:href" || a === "src") && ["javascript", "vbscript", "data"].includes(urlScheme(value) ?? "")) found.push(`<${el.name} ${attr}=script URL>`);
    }
  }
  return found;
}

/** The SVG's <title> as a reader (and a screen reader) gets it. */
export function svgTitle(svg: string): string {
  const title = DomUtils.findOne((el) => el.name === "title", parseDocument(svg, { xmlMode: true, decodeEntities: true }).children);
  return title ? DomUtils.textContent(title) : "";
}
