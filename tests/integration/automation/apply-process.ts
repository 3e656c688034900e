/**
 * One OS process applying one alert (tests/integration/automation/apply.test.ts starts two at once):
 * `tsx --conditions=react-server apply-process.ts '<json {ctx, event}>'`; prints the decisions as JSON.
 * The store comes from the environment the test gives it (DATABASE_URL or HELIOGRAPH_SQLITE_PATH).
 */
import { applyAlert } from "@/lib/automation/apply";
import { getReadyDb } from "@/lib/db";

async function main(): Promise<void> {
  const { ctx, event } = JSON.parse(process.argv[2]);
  const db = await getReadyDb();
  try {
    process.stdout.write(JSON.stringify(await applyAlert(db, ctx, event)));
  } finally {
    await db.destroy();
  }
}

void main();
