/** A private copy of the demo page (same cards), opened with a page key: the path and the visitor's access cookie. */
export async function privateDemoCopy(url: string, apiKey: string): Promise<{ path: string; cookie: string }> {
  const get = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<T>;
  };
  type Page = { id: string; url: string; name: string; cards: { name: string; services: { id: string }[] }[] };
  const pages = await get<{ entries: Page[] }>("GET", "/v1/status-pages?limit=100");
  const demo = await get<Page>("GET", `/v1/status-pages/${pages.entries.find((p) => p.url === "acme")!.id}`);
  const copy = await get<Page>("POST", "/v1/status-pages", {
    name: `${demo.name} (private)`,
    url: `acme-private-${Date.now()}`,
    isPrivate: true,
    cards: demo.cards.map((c) => ({ name: c.name, services: c.services.map((s) => ({ id: s.id })) })),
  });
  const { key } = await get<{ key: string }>("POST", `/v1/status-pages/${copy.id}/keys`, {});
  const link = await fetch(`${url}/${copy.url}?key=${key}`, { redirect: "manual" });
  const cookie = (link.headers.get("set-cookie") ?? "").split(";")[0];
  if (link.status !== 303 || !cookie) throw new Error(`opening the private copy with its key answered ${link.status}`);
  return { path: `/${copy.url}`, cookie };
}
