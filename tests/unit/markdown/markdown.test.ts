import { describe, expect, it } from "vitest";
import { markdownToText, MAX_MARKDOWN_LENGTH, renderMarkdown } from "@/lib/markdown";

describe("renderMarkdown", () => {
  it("renders GitHub-flavoured markdown", () => {
    const html = renderMarkdown("We see **5xx** in `eu-west-1`.\n\n- one\n- two\n\n~~old~~ [status](https://acme.com/s)");
    expect(html).toContain("<strong>5xx</strong>");
    expect(html).toContain("<code>eu-west-1</code>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<del>old</del>");
    expect(html).toContain('<a href="https://acme.com/s" rel="nofollow noopener noreferrer ugc">status</a>');
  });

  it("drops <script> and any raw HTML", () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\nHello <img src=x onerror="alert(1)"> <b onclick="x()">bold</b>\n\n<iframe src="https://evil"></iframe>');
    expect(html).not.toMatch(/<script|onerror|onclick|<iframe|<b[ >]/i);
    expect(html).toContain("Hello");
    expect(html).toContain("bold");
  });

  it("neutralises javascript:, vbscript: and data: links", () => {
    const html = renderMarkdown("[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](vbscript:x) [d](data:text/html;base64,PHNjcmlwdD4=) <javascript:alert(1)>");
    expect(html).not.toMatch(/(href|src)="?\s*(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/href=/);
    expect(html).toMatch(/<a rel="[^"]*">a<\/a>/);
  });

  it("keeps images to http(s) only", () => {
    expect(renderMarkdown("![ok](https://x.test/a.png)")).toContain('src="https://x.test/a.png"');
    expect(renderMarkdown("![no](javascript:alert(1))")).not.toContain("javascript");
  });

  it("demotes headings below the page's own (no second h1)", () => {
    const html = renderMarkdown("# Title\n\n## Sub\n\n###### Deep");
    expect(html).toContain("<h4>Title</h4>");
    expect(html).toContain("<h5>Sub</h5>");
    expect(html).toContain("<h6>Deep</h6>");
    expect(html).not.toMatch(/<h[1-3][ >]/);
  });

  it("wraps tables in a scrolling box and renders huge tables inertly", () => {
    const row = `| ${Array.from({ length: 40 }, (_, i) => `c${i}`).join(" | ")} |`;
    const table = [row, `|${" --- |".repeat(40)}`, ...Array.from({ length: 400 }, () => row)].join("\n");
    const started = performance.now();
    const html = renderMarkdown(table);
    const ms = performance.now() - started;
    expect(html.startsWith('<div class="md-table"><table>')).toBe(true);
    expect(html).not.toMatch(/<script|style=/);
    // the input is cut at MAX_MARKDOWN_LENGTH, so the output stays bounded whatever is pasted in
    expect(table.length).toBeGreaterThan(MAX_MARKDOWN_LENGTH);
    expect((html.match(/<tr>/g) ?? []).length).toBeLessThan(200);
    console.log(`huge table: ${table.length} chars → ${html.length} chars in ${ms.toFixed(1)} ms`);
  });

  it("prefixes user ids so they cannot clobber the page's own", () => {
    const html = renderMarkdown("See[^1].\n\n[^1]: note");
    expect(html).not.toMatch(/id="(?!md-)/);
  });
});

describe("markdownToText", () => {
  it("gives readable plain text with entities decoded", () => {
    expect(markdownToText("A **b** & <i>c</i> `d<e>`")).toBe("A b & c d<e>");
  });
});
