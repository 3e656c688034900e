// The Open Graph image engine's own process, forked by lib/og/renderer.ts while link previews are drawn, so the ~26 MB
// the engine holds goes when they stop. Plain ESM run by `node` as it is: the same file under npm start, vitest and dev.
// IPC, structured clone: { ready: true } out once it can draw; { id, tree, width, height } in, { id, png } or { id, error } out.
import { ImageResponse } from "next/dist/compiled/@vercel/og/index.node.js";

if (!process.send) {
  process.stderr.write("renderer-process.mjs is forked by lib/og/renderer.ts; it does not run on its own\n");
  process.exit(1);
}

// The engine fetches fonts (Google Fonts) and emoji (a CDN) for characters its bundled font lacks; ./text.ts keeps
// such characters out, and this makes sure: the server's images never depend on, or tell, a third party. Its own
// WebAssembly comes from data: URIs.
const fetchData = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (url.startsWith("data:")) return fetchData(input, init);
  return Promise.reject(new Error(`the image engine fetches nothing from the network (asked for ${url})`));
};

// The engine compiles its WebAssembly and parses its font on the first image; a 1×1 one pays for that before the
// engine says it is ready, so the server's render timeout measures drawing only. A failure here fails every image
// too, each with its own message.
const warm = new ImageResponse({ type: "div", props: { style: { display: "flex" }, children: "." } }, { width: 1, height: 1 })
  .arrayBuffer()
  .catch(() => undefined)
  .then(() => {
    if (process.connected) process.send({ ready: true });
  });

process.on("message", (msg) => {
  void draw(msg);
});

async function draw({ id, tree, width, height }) {
  await warm;
  let reply;
  try {
    const res = new ImageResponse(tree, { width, height });
    reply = { id, png: new Uint8Array(await res.arrayBuffer()) };
  } catch (err) {
    reply = { id, error: err instanceof Error ? err.message : String(err) };
  }
  if (process.connected) process.send(reply);
}

// The server is gone (or ended this engine): nothing is left to draw for.
process.on("disconnect", () => process.exit(0));
