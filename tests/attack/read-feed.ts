/**
 * What a feed reader shows: the document parsed as XML (it must be well-formed), then each element read
 * as its format defines it — plain text as it is, HTML parsed (titles shown as their text content).
 * Structure is checked too, so markup smuggled into a field cannot pass as a real element.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { DomUtils, parseDocument } from "htmlparser2";

export interface ReadEntry {
  title: string;
  /** the summary as a reader shows it (text of the HTML) */
  summary: string;
  /** the HTML a reader renders for the entry body */
  contentHtml: string;
}
export interface ReadFeed {
  title: string;
  description: string;
  entries: ReadEntry[];
}

type Node = string | { "#text"?: string; "@_type"?: string; [k: string]: unknown };

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: false, isArray: (_n, path, _leaf, isAttribute) => !isAttribute && String(path).split(".").length >= 2 });
const RSS_ITEM_CHILDREN = new Set(["title", "link", "guid", "pubDate", "description", "content:encoded"]);
const ATOM_ENTRY_CHILDREN = new Set(["title", "id", "link", "updated", "summary", "content", "published"]);

/** Text content of an HTML fragment, as a reader that renders HTML displays it. */
export const htmlText = (html: string) => DomUtils.textContent(parseDocument(html));

const text = (node: Node | undefined): string => (node === undefined ? "" : typeof node === "string" ? node : (node["#text"] ?? ""));

function only(parent: Record<string, unknown>, name: string): Node {
  const list = parent[name] as Node[] | undefined;
  if (!list || list.length !== 1) throw new Error(`expected exactly one <${name}>, found ${list?.length ?? 0}`);
  return list[0];
}

function checkChildren(el: Record<string, unknown>, allowed: Set<string>, where: string) {
  for (const key of Object.keys(el)) {
    if (key.startsWith("@_") || key === "#text") continue;
    if (!allowed.has(key)) throw new Error(`unexpected <${key}> in ${where}`);
  }
  const stray = text(el as Node).trim();
  if (stray) throw new Error(`stray text in ${where}: ${stray.slice(0, 80)}`);
}

/** Atom text constructs: type="text" (the default) shows as it is; type="html" as rendered HTML. */
function atomText(node: Node): string {
  const type = typeof node === "string" ? "text" : (node["@_type"] ?? "text");
  if (type === "html") return htmlText(text(node));
  if (type !== "text") throw new Error(`unexpected text construct type ${type}`);
  return text(node);
}

export function readFeed(xml: string): ReadFeed {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML: ${JSON.stringify(valid.err)}`);
  const doc = parser.parse(xml) as Record<string, Record<string, unknown> | undefined>;
  if (doc.rss) {
    const channel = only(doc.rss, "channel") as Record<string, unknown>;
    const items = (channel.item ?? []) as Record<string, unknown>[];
    return {
      title: text(only(channel, "title")),
      description: htmlText(text(only(channel, "description"))),
      entries: items.map((item) => {
        checkChildren(item, RSS_ITEM_CHILDREN, "<item>");
        return {
          title: text(only(item, "title")),
          summary: htmlText(text(only(item, "description"))),
          contentHtml: text(only(item, "content:encoded")),
        };
      }),
    };
  }
  const feed = doc.feed;
  if (!feed) throw new Error("neither RSS nor Atom");
  return {
    title: atomText(only(feed, "title")),
    description: feed.subtitle ? atomText(only(feed, "subtitle")) : "",
    entries: ((feed.entry ?? []) as Record<string, unknown>[]).map((entry) => {
      checkChildren(entry, ATOM_ENTRY_CHILDREN, "<entry>");
      const content = only(entry, "content");
      if (typeof content === "string" || content["@_type"] !== "html") throw new Error("entry content must be type=html");
      return { title: atomText(only(entry, "title")), summary: atomText(only(entry, "summary")), contentHtml: text(content) };
    }),
  };
}

/** HTML as its parsed tree serialises: two strings that render alike (references, quoting) compare equal. */
export const normalHtml = (html: string) => DomUtils.getOuterHTML(parseDocument(html).children);
