export async function register() {
  // The one read of process.env outside lib/env.ts: the bundler needs this literal check to leave
  // the Node-only start-up code out of the edge build.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // Under Heliograph's server the work is already under way (or done): wait for it, load nothing more.
    const booting = (await import("@/lib/startup/boot-slot")).bootInProgress();
    if (booting) return booting.catch(() => undefined);
    // `next start` or `next dev` alone: no status page, front cache or health checks (they are Heliograph's server).
    process.stderr.write("heliograph: Next alone does not serve Heliograph. Run `npm start` (`npm run dev` while developing).\n");
    process.exit(1);
  }
}
