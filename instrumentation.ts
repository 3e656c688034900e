export async function register() {
  // The one read of process.env outside lib/env.ts: the bundler needs this literal check to leave
  // the Node-only start-up code out of the edge build.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { registerNode } = await import("@/lib/startup/register-node");
    await registerNode();
  }
}
