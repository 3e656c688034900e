// A test engine for tests/unit/og/renderer.test.ts: the real one (lib/og/renderer-process.mjs) as it is, ready
// 3 s late, as after a cold start on a busy machine. Images asked meanwhile wait in the IPC channel.
await new Promise((resolve) => setTimeout(resolve, 3_000));
await import("../../../../lib/og/renderer-process.mjs");
