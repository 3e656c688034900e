import { Fragment } from "react";
import { describe, expect, it } from "vitest";
import { hostTree, type HostChild, type HostElement } from "@/lib/og/host-tree";
import { PageOgImage } from "@/lib/og/images";
import { resolveTheme, statusColorsFor } from "@/lib/theme/css";

function Label({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <div style={{ display: "flex" }}>
      {text}
      {children}
    </div>
  );
}

/** Every node of a tree, depth first. */
function nodes(c: HostChild | HostChild[] | undefined): HostChild[] {
  if (c === undefined) return [];
  if (Array.isArray(c)) return c.flatMap(nodes);
  return typeof c === "object" ? [c, ...nodes(c.props.children)] : [c];
}

describe("hostTree: a React element as the plain data the image engine draws", () => {
  it("calls function components, flattens fragments and arrays, keeps text and numbers, drops null and booleans", () => {
    const el = (
      <div style={{ display: "flex" }}>
        <Label text="a">
          {/* eslint-disable-next-line @next/next/no-img-element -- drawn by the image engine, not a browser */}
          <img src="data:x" width={4} alt="" />
        </Label>
        <>
          {null}
          {false}
          {undefined}
          {true}
          {["x", 2].map((v) => (
            <Fragment key={String(v)}>{v}</Fragment>
          ))}
        </>
        {[]}
      </div>
    );
    expect(hostTree(el)).toEqual({
      type: "div",
      props: {
        style: { display: "flex" },
        children: [{ type: "div", props: { style: { display: "flex" }, children: ["a", { type: "img", props: { src: "data:x", width: 4, alt: "" } }] } }, "x", 2],
      },
    });
  });

  it("keeps no React internals and no empty children", () => {
    const tree = hostTree(
      <div key="k">
        <div />
      </div>,
    );
    expect(tree).toEqual({ type: "div", props: { children: { type: "div", props: {} } } });
    expect(JSON.stringify(tree)).not.toMatch(/\$\$typeof|_owner|_store|"key"/);
    expect(Object.keys(tree)).toEqual(["type", "props"]);
  });

  it("refuses what satori cannot draw: several roots, class components", () => {
    expect(() => hostTree(<>{"just text"}</>)).toThrow(TypeError);
    expect(() =>
      hostTree(
        <>
          <div />
          <div />
        </>,
      ),
    ).toThrow(TypeError);
  });

  it("expands a real page image: host elements only, structured-clone safe, with its words", () => {
    const palette = resolveTheme(null).light;
    const el = (
      <PageOgImage
        pageName="Acme"
        address="status.acme.com"
        logo="data:image/png;base64,AAAA"
        label="Status page"
        palette={palette}
        statusColors={statusColorsFor(palette)}
        status="OPERATIONAL"
        statusText="All systems operational"
        entries={[
          { name: "API", status: "OPERATIONAL", statusText: "Operational" },
          { name: "Web", status: "MAJOR_OUTAGE", statusText: "Major outage" },
        ]}
      />
    );
    const tree: HostElement = hostTree(el);
    const all = nodes(tree);
    const elements = all.filter((n): n is HostElement => typeof n === "object");
    expect(new Set(elements.map((e) => e.type))).toEqual(new Set(["div", "img"]));
    expect(all.filter((n) => typeof n === "string")).toEqual(expect.arrayContaining(["Acme", "status.acme.com", "Status page", "All systems operational", "API", "Operational", "Web", "Major outage"]));
    expect(elements.find((e) => e.type === "img")?.props).toMatchObject({ src: "data:image/png;base64,AAAA", width: 96, height: 96 });
    // the whole tree survives the trip to the engine's process unchanged
    expect(structuredClone(tree)).toEqual(tree);
    expect(JSON.stringify(tree)).not.toMatch(/\$\$typeof|_owner/);
  });
});
