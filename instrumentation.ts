export async function register() {
  // The one read of process.env outside lib/env.ts: the bundler needs this literal check to leave
  // the Node-only start-up code out of the edge build.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // Under Heliograph's server the work is already under way (or done): wait for it, load nothing more.
    const booting = (await import("@/lib/startup/boot-slot")).bootInProgress();
    if (booting) return booting.catch(() => undefined);
    const { registerNode } = await import("@/lib/startup/register-node");
    await registerNode();
  }
}
