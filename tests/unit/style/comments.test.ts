import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Comments say why in three lines at most, and name a behaviour rather than the tracker entry that asked for it.
// A block is a run of comment lines with no code or blank line between (one after code stands alone); it counts
// the lines holding text, so a JSDoc's bare `/**`, ` *` and `*/` lines and a bare `//` are free but join the block.
const MAX_LINES = 3;
const ROOTS = ["lib", "app", "components", "scripts", "tests", "eslint"];
const TOP_FILES = ["proxy.ts", "instrumentation.ts", "next.config.mjs", "eslint.config.mjs", "postcss.config.mjs", "vitest.config.mts"];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
// Files allowed a longer block (licence headers, generated files): none today; add a path with its reason.
const LONG_BLOCK_EXEMPT = new Set<string>([]);
// An issue, ticket, bug, PR or round word followed by its number, or a hash and one or two digits after a space or
// bracket. A colour (a hash and three or more hex digits), an HTML entity, a heading or a URL fragment do not match.
const ISSUE_REF = /\b(issues?|tickets?|bugs?|PRs?|pull requests?|rounds?)[ -]?#?\d+\b|(^|[\s([{,;:])#\d{1,2}(?![\w-])/i;
// Text the scanner must step over whole: inside these a `//` or `/*` is not a comment, and a quote is not a string.
const OPAQUE = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.JsxText,
  ts.SyntaxKind.RegularExpressionLiteral,
]);

/** Files under `dir` whose names match, skipping node_modules and dot folders (tests/.tmp, build output). */
function walk(dir: string, name: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return e.name === "node_modules" || e.name.startsWith(".") ? [] : walk(join(dir, e.name), name);
    return name.test(e.name) ? [join(dir, e.name)] : [];
  });
}

const SOURCES = [...ROOTS.flatMap((d) => walk(d, SOURCE)), ...TOP_FILES];
const DOCS = ["README.md", ...walk("docs", /\.md$/), ...ROOTS.flatMap((d) => walk(d, /\.md$/))];

interface Piece {
  line: number; // 0-based line of its first character
  text: string;
}
interface Comment extends Piece {
  pos: number;
  end: number;
}
interface Scanned {
  text: string;
  comments: Comment[];
  strings: Piece[];
}

/**
 * A file's comments and string-like texts. The parser finds the strings, templates, regexes and JSX text; the
 * scanner (trivia kept) walks everything else, stepping over those, so only real comments come back as comments.
 */
function scan(file: string): Scanned {
  const text = readFileSync(file, "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : /\.m?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const opaque: { start: number; end: number; kind: ts.SyntaxKind }[] = [];
  const visit = (n: ts.Node): void => {
    // JSX text's own start: getStart would skip what looks like leading trivia inside it.
    if (OPAQUE.has(n.kind)) opaque.push({ start: n.kind === ts.SyntaxKind.JsxText ? n.pos : n.getStart(sf), end: n.end, kind: n.kind });
    else ts.forEachChild(n, visit);
  };
  visit(sf);
  opaque.sort((a, b) => a.start - b.start);
  const at = (pos: number, end: number): Piece => ({ line: sf.getLineAndCharacterOfPosition(pos).line, text: text.slice(pos, end) });
  const comments: Comment[] = [];
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, sf.languageVariant, text);
  let k = 0;
  for (let tok = scanner.scan(); tok !== ts.SyntaxKind.EndOfFileToken; tok = scanner.scan()) {
    const start = scanner.getTokenStart();
    while (k < opaque.length && opaque[k].end <= start) k++;
    if (k < opaque.length && opaque[k].start <= start) scanner.resetTokenState(opaque[k].end);
    else if (tok === ts.SyntaxKind.SingleLineCommentTrivia || tok === ts.SyntaxKind.MultiLineCommentTrivia) {
      comments.push({ ...at(start, scanner.getTokenEnd()), pos: start, end: scanner.getTokenEnd() });
    }
  }
  const strings = opaque.filter((o) => o.kind !== ts.SyntaxKind.RegularExpressionLiteral).map((o) => at(o.start, o.end));
  return { text, comments, strings };
}

const SCANNED = new Map<string, Scanned>();
const scanned = (file: string) => SCANNED.get(file) ?? SCANNED.set(file, scan(file)).get(file)!;

/** Line numbers of a comment's lines that hold text, not only its delimiters. */
function textLines(c: Piece): number[] {
  return c.text
    .split("\n")
    .flatMap((l, i) => (l.replace(/\*+\/\s*$/, "").replace(/^\s*(\/\/+|\/\*+|\*+)?/, "").trim() ? [c.line + i] : []));
}

function longBlocks(file: string): string[] {
  const { text, comments } = scanned(file);
  // The next comment joins when only spaces and one line break stand between; one after code on its line stands alone.
  const afterCode = (c: Comment) => /\S/.test(text.slice(text.lastIndexOf("\n", c.pos - 1) + 1, c.pos));
  const joins = (a: Comment, b: Comment) => !afterCode(a) && /^[^\S\n]*\n?[^\S\n]*$/.test(text.slice(a.end, b.pos));
  const blocks: Comment[][] = [];
  comments.forEach((c, i) => (i > 0 && joins(comments[i - 1], c) ? blocks[blocks.length - 1].push(c) : blocks.push([c])));
  return blocks.flatMap((b) => {
    const lines = new Set(b.flatMap(textLines));
    return lines.size > MAX_LINES ? [`${file}:${Math.min(...lines) + 1} (${lines.size} lines)`] : [];
  });
}

function issueRefs(name: string, pieces: Piece[]): string[] {
  return pieces.flatMap((p) =>
    p.text.split("\n").flatMap((l, i) => {
      const m = ISSUE_REF.exec(l);
      return m ? [`${name}:${p.line + i + 1} "${m[0].trim()}"`] : [];
    }),
  );
}

describe("comments", () => {
  it("are blocks of three lines at most", { timeout: 120_000 }, () => {
    const offenders = SOURCES.filter((f) => !LONG_BLOCK_EXEMPT.has(f)).flatMap(longBlocks);
    expect(offenders, `${offenders.length} comment blocks over ${MAX_LINES} lines`).toEqual([]);
  });

  it("name no issue number, in code comments and strings or in the docs", { timeout: 120_000 }, () => {
    const inSource = SOURCES.flatMap((f) => {
      const { comments, strings } = scanned(f);
      return issueRefs(f, [...comments, ...strings]);
    });
    const inDocs = DOCS.flatMap((f) => issueRefs(f, [{ line: 0, text: readFileSync(f, "utf8") }]));
    const offenders = [...inSource, ...inDocs];
    expect(offenders, `${offenders.length} issue references`).toEqual([]);
  });
});
