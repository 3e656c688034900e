import { Fragment, isValidElement, type ReactElement, type ReactNode } from "react";

/** A child of a host element as the image engine takes it: text, or another host element. */
export type HostChild = string | number | HostElement;

/**
 * An element the image engine (satori) draws: a tag ("div", "img") and its props, children expanded.
 * Plain data (no $$typeof, key, _owner, functions), so it crosses a process boundary by structured clone
 * (lib/og/renderer.ts): satori takes `{type, props}` objects as it takes React elements.
 */
export interface HostElement {
  type: string;
  props: Record<string, unknown> & { children?: HostChild | HostChild[] };
}

type Component = (props: Record<string, unknown>) => ReactNode;

function expand(node: ReactNode, out: HostChild[]): void {
  if (node === null || node === undefined || typeof node === "boolean") return;
  if (typeof node === "string" || typeof node === "number") {
    out.push(node);
    return;
  }
  if (typeof node === "bigint") {
    out.push(String(node));
    return;
  }
  if (Array.isArray(node)) {
    for (const n of node) expand(n as ReactNode, out);
    return;
  }
  if (!isValidElement(node)) throw new TypeError(`Cannot draw ${Object.prototype.toString.call(node)} in an image`);
  const el = node as ReactElement<Record<string, unknown>>;
  const { children, ...props } = el.props;
  if (el.type === Fragment) return expand(children as ReactNode, out);
  if (typeof el.type === "function") {
    // The images' components are plain functions of their props (no hooks, no context), as satori requires.
    if ((el.type as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent) throw new TypeError("Class components cannot be drawn in an image");
    return expand((el.type as Component)(el.props), out);
  }
  if (typeof el.type !== "string") throw new TypeError("Only host elements, fragments and function components can be drawn in an image");
  delete props.ref;
  const kids: HostChild[] = [];
  expand(children as ReactNode, kids);
  out.push({ type: el.type, props: kids.length === 0 ? props : { ...props, children: kids.length === 1 ? kids[0] : kids } });
}

/**
 * The tree of host elements a React element draws: function components called (recursively), fragments and
 * arrays flattened, strings and numbers kept, null/undefined/booleans dropped.
 */
export function hostTree(element: ReactElement): HostElement {
  const out: HostChild[] = [];
  expand(element, out);
  if (out.length !== 1 || typeof out[0] !== "object") throw new TypeError(`An image is drawn from one root element (got ${out.length} nodes)`);
  return out[0];
}
