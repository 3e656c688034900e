import { matchesEtag } from "@/lib/front-cache/request";
import { openApiBytes } from "@/lib/openapi/served";

export const dynamic = "force-dynamic";

/** The management API's OpenAPI 3.1 document; public, like the API's own documentation. */
export async function GET(request: Request): Promise<Response> {
  const { body, etag } = openApiBytes();
  const headers = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*", ETag: etag };
  const inm = request.headers.get("if-none-match");
  if (inm !== null && matchesEtag(inm, etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
