import { openApiDocument } from "@/lib/openapi/document";

export const dynamic = "force-dynamic";

/** The management API's OpenAPI 3.1 document; public, like the API's own documentation. */
export async function GET(): Promise<Response> {
  return new Response(JSON.stringify(openApiDocument()), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  });
}
