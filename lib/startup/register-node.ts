import { ConfigError } from "@/lib/errors/config-error";

/** Boots the server; a configuration or connection problem is one line for the operator, not a stack trace. */
export async function registerNode(): Promise<void> {
  try {
    const { boot } = await import("./boot");
    await boot();
  } catch (err) {
    if (err instanceof ConfigError || (err as Error)?.name === "ConfigError") {
      process.stderr.write(`heliograph: ${(err as Error).message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
