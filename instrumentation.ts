import { ConfigError } from "@/lib/env";

export async function register() {
  const { env } = await import("@/lib/env");
  if (env.NEXT_RUNTIME !== "nodejs") return;
  try {
    const { boot } = await import("@/lib/startup/boot");
    await boot();
  } catch (err) {
    // A configuration or connection problem is one line for the operator, not a stack trace.
    if (err instanceof ConfigError || (err as Error)?.name === "ConfigError") {
      process.stderr.write(`heliograph: ${(err as Error).message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
