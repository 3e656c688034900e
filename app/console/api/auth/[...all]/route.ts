import { getAuth } from "@/lib/operators/auth";
import { isServedAuthPath } from "@/lib/console/auth-paths";

export const dynamic = "force-dynamic";

/** The sign-in library's own routes, only those the console links to: the one-time link and the OIDC callback. */
async function handle(req: Request): Promise<Response> {
  if (!isServedAuthPath(req.method, new URL(req.url).pathname)) return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return (await getAuth()).handler(req);
}

export const GET = handle;
export const POST = handle;
