import { renderMarkdown } from "@/lib/markdown";

/** Operator-written markdown, sanitized by lib/markdown before it reaches the page. */
export function Markdown({ text }: { text: string }) {
  return <div className="md" dangerouslySetInnerHTML={{ __html: renderMarkdown(text) }} />;
}
