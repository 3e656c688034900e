import { ingestRoute } from "@/lib/integrations/http";

export const dynamic = "force-dynamic";

export const { POST, GET, PUT, PATCH, DELETE } = { POST: ingestRoute, GET: ingestRoute, PUT: ingestRoute, PATCH: ingestRoute, DELETE: ingestRoute };
