// A test engine for tests/unit/og/renderer.test.ts that never says it is ready (an import that hangs, say): it takes
// images and answers none, and ends like the real one when its channel closes.
process.on("message", () => undefined);
process.on("disconnect", () => process.exit(0));
