import "server-only";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { log } from "@/lib/log";
import type { Mailer } from "@/lib/notifications/channels/email";
import { takeMail } from "@/lib/notifications/channels/mail-budget";
import { escapeHtml } from "@/lib/text/escape";
import * as q from "./queries";
import type { Integration } from "@/lib/db/types";
import { isStale } from "./stale-rule";

function silenceText(row: Integration): string {
  const since = row.last_heard_at === null ? "it was created and has never been heard from" : `it was last heard from at ${new Date(row.last_heard_at).toISOString()}`;
  return `Integration "${row.name}" (${row.type}) is stale: ${since}, longer than its bound of ${row.stale_after_minutes} minutes. A dead alert pipeline leaves the status page green; check the sender.`;
}

/**
 * Tells the operator once: an entry in the integration's events, and one e-mail to its alertEmail when mail is
 * configured and the account's e-mails of this hour allow it (the entry says when they did not).
 */
async function report(db: Db, row: Integration, now: number, mailer: Mailer | null): Promise<void> {
  const reason = silenceText(row);
  const mail = row.alert_email && mailer ? (await takeMail("ALERT_EMAILS_PER_HOUR", row.account_id)).ok : false;
  const unsent = row.alert_email && mailer && !mail ? " No e-mail was sent: the account's e-mail limit for this hour was reached." : "";
  const decisions = JSON.stringify([{ outcome: "ignored", reason: `${reason} The public page is not changed.${unsent}`, ruleId: null, incidentId: null }]);
  await q.claimEvent(db, { id: newId(), integration_id: row.id, seen_key: `stale:${now}`, format: row.type, dedup_key: "heliograph:stale", action: "stale", occurred_at: now, summary: "No events within the staleness bound", matched_by: "{}", decisions, repeats: 0, created_at: now });
  await q.pruneEvents(db, row.id);
  if (!mail || !row.alert_email || !mailer) return;
  await mailer
    .send({ to: row.alert_email, subject: `Heliograph: integration "${row.name}" went silent`, text: reason, html: `<p>${escapeHtml(reason)}</p>`, messageId: `<stale-${row.id}-${now}@${mailer.fromAddress.split("@")[1] ?? "heliograph"}>` })
    .catch((err: unknown) => log.warn({ err, integrationId: row.id }, "could not send the stale-integration e-mail"));
}

/**
 * Finds integrations that just went stale and reports each once. Any instance may run it: the report is
 * claimed on the row (stale_since), so several instances send one e-mail. Returns how many it reported.
 */
export async function sweepStaleIntegrations(db: Db, mailer: Mailer | null, now = Date.now()): Promise<number> {
  let n = 0;
  for (const row of await q.boundedIntegrations(db)) {
    if (row.stale_since !== null || !isStale(row, now)) continue;
    if (!(await q.claimStale(db, row.id, now))) continue;
    await report(db, row, now, mailer);
    n++;
  }
  return n;
}

/** Stale flags for /metrics, read at scrape time. */
export async function staleFlags(db: Db, now = Date.now()): Promise<{ id: string; type: string; stale: boolean }[]> {
  return (await q.boundedIntegrations(db)).map((r) => ({ id: r.id, type: r.type, stale: isStale(r, now) }));
}
