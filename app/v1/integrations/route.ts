import { CursorQuery, cursorPage } from "@/lib/http/pagination";
import { apiRoute, created, ok } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/other-methods";
import { CreateIntegrationInput } from "@/lib/integrations/schema";
import { serializeCreatedIntegration, serializeIntegration } from "@/lib/integrations/serialize";
import { createIntegration, listIntegrations } from "@/lib/integrations/service";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: CursorQuery }, async ({ db, accountId, query, cursors }) => {
  const { rows, next } = await listIntegrations(db, accountId, { limit: query.limit, after: cursors.decode("integrations", query.nextId) });
  const now = Date.now();
  return ok(cursorPage(rows.map((r) => serializeIntegration(r, now)), cursors.encode("integrations", next)));
});

export const POST = apiRoute({ body: CreateIntegrationInput }, async ({ db, accountId, apiKey, body }) => {
  const { row, rawToken, signingSecret } = await createIntegration(db, accountId, { ...body, createdBy: apiKey });
  return created(serializeCreatedIntegration(row, rawToken, signingSecret));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
