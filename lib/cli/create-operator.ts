import { parseArgs } from "node:util";
import { ValidationError } from "@/lib/errors";
import { runCli } from "./run";

const USAGE = "usage: npm run operators:create -- --email <address> --role owner|editor|viewer [--account <account id>]";

runCli(async () => {
  const { values } = parseArgs({ options: { email: { type: "string" }, role: { type: "string" }, account: { type: "string" } } });
  // Imported here so a configuration error is reported by runCli as one line.
  const { CreateOperatorInput } = await import("@/lib/operators/schema");
  const parsed = CreateOperatorInput.safeParse({ email: values.email, role: values.role, accountId: values.account });
  if (!parsed.success) throw new ValidationError(`${parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; ")}; ${USAGE}`);
  const { getReadyDb } = await import("@/lib/db");
  const { createOperatorWithLink } = await import("@/lib/operators/service");
  const db = await getReadyDb();
  const made = await createOperatorWithLink(db, parsed.data);
  await db.destroy();
  process.stderr.write(`${made.created ? "Operator created" : "Operator exists"}: ${parsed.data.email} (account ${made.accountId}). One-time sign-in link, valid 24 hours:\n`);
  process.stdout.write(`${made.url}\n`);
});
