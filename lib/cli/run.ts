/** Runs a CLI command; expected failures print one line, anything else its stack. */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      const e = err as Error;
      const expected = ["ConfigError", "NotFoundError", "ValidationError"].includes(e?.name);
      process.stderr.write(`heliograph: ${expected ? e.message : (e?.stack ?? String(err))}\n`);
      process.exit(1);
    },
  );
}
