/**
 * The Open Graph image is drawn by next/og from a React tree. Walking that tree the way the engine does
 * (function components called with their props) yields every text it will draw: they must be plain
 * strings, and no element may carry raw HTML.
 */
import type { ReactElement, ReactNode } from "react";

export function ogTexts(node: ReactNode, problems: string[] = []): { texts: string[]; problems: string[] } {
  const texts: string[] = [];
  const visit = (n: ReactNode): void => {
    if (n === null || n === undefined || typeof n === "boolean") return;
    if (typeof n === "string" || typeof n === "number") return void texts.push(String(n));
    if (Array.isArray(n)) return n.forEach(visit);
    const el = n as ReactElement<Record<string, unknown>>;
    if (typeof el.type === "function") return visit((el.type as (p: unknown) => ReactNode)(el.props));
    if (typeof el.type !== "string") return void problems.push(`unexpected node ${String(el.type)}`);
    if (!["div", "img", "span", "svg"].includes(el.type)) problems.push(`<${el.type}>`);
    if ("dangerouslySetInnerHTML" in el.props) problems.push(`<${el.type} dangerouslySetInnerHTML>`);
    visit(el.props.children as ReactNode);
  };
  visit(node);
  return { texts, problems };
}
