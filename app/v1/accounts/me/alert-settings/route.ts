import { apiRoute, ok } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/other-methods";
import { getAccountAlertSettings, putAccountAlertSettings } from "@/lib/alerting/settings";
import { AlertSettingsInput } from "@/lib/checks/schema";

export const dynamic = "force-dynamic";

export const GET = apiRoute({}, async ({ db, accountId }) => ok(await getAccountAlertSettings(db, accountId)));

export const PUT = apiRoute({ body: AlertSettingsInput }, async ({ db, accountId, body }) => ok(await putAccountAlertSettings(db, accountId, body)));

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
