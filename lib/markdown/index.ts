import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

/**
 * Markdown → one safe HTML string, shared by the status page, feeds and emails. Raw HTML is dropped
 * (remark-rehype never passes it through), then rehype-sanitize keeps only GitHub's safe subset:
 * no scripts, no event handlers, no javascript: or data: URLs.
 */
interface HNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HNode[];
}

/** Longer input is cut: update descriptions are at most 10 000 characters anyway. */
export const MAX_MARKDOWN_LENGTH = 20_000;

function walk(node: HNode, visit: (n: HNode, parent: HNode | null, index: number) => void, parent: HNode | null = null, index = 0): void {
  visit(node, parent, index);
  node.children?.forEach((child, i) => walk(child, visit, node, i));
}

/** Update headings sit under the page's own h1–h3, so they start at h4. */
function demoteHeadings() {
  return (tree: HNode) =>
    walk(tree, (n) => {
      const m = n.type === "element" ? /^h([1-6])$/.exec(n.tagName ?? "") : null;
      if (m) n.tagName = `h${Math.min(6, Number(m[1]) + 3)}`;
    });
}

/** After sanitizing: links never pass referrers or ranking, and wide tables scroll inside their own box. */
function finish() {
  return (tree: HNode) =>
    walk(tree, (n, parent, index) => {
      if (n.type !== "element") return;
      if (n.tagName === "a") n.properties = { ...n.properties, rel: ["nofollow", "noopener", "noreferrer", "ugc"] };
      if (n.tagName === "table" && parent?.children && !(parent.properties?.className as string[] | undefined)?.includes("md-table")) {
        parent.children[index] = { type: "element", tagName: "div", properties: { className: ["md-table"] }, children: [n] };
      }
    });
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(demoteHeadings)
  .use(rehypeSanitize, { ...defaultSchema, clobberPrefix: "md-" })
  .use(finish)
  .use(rehypeStringify)
  .freeze();

/*
 * An update's text never changes once posted, and every render of a page shows the same dozen or so:
 * parsing them again was a twentieth of an uncached page render (profiled). Kept by the text
 * itself, bounded by the characters held (source and output), cleared whole when full.
 */
const MEMO_CHARS = 4_000_000;
const rendered = new Map<string, string>();
let held = 0;

export function renderMarkdown(markdown: string): string {
  const text = markdown.length > MAX_MARKDOWN_LENGTH ? markdown.slice(0, MAX_MARKDOWN_LENGTH) : markdown;
  let html = rendered.get(text);
  if (html === undefined) {
    html = String(processor.processSync(text));
    if (held + text.length + html.length > MEMO_CHARS) {
      rendered.clear();
      held = 0;
    }
    rendered.set(text, html);
    held += text.length + html.length;
  }
  return html;
}

const NAMED: Record<string, string> = { lt: "<", gt: ">", quot: '"', amp: "&", apos: "'", nbsp: " " };

/** Plain text of a markdown string (meta descriptions, SMS, feed summaries). */
export function markdownToText(markdown: string): string {
  return renderMarkdown(markdown)
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] !== "#") return NAMED[code.toLowerCase()] ?? whole;
      const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : Number(code.slice(1));
      return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : "";
    })
    .replace(/\s+/g, " ")
    .trim();
}
