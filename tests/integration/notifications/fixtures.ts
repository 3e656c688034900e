import { newAccount } from "../../setup/db";
import { createService } from "@/lib/services/service";
import { createPage } from "@/lib/status-pages/service";
import { createGuard } from "@/lib/outbound";

/** An account with one page listing three services. */
export async function pageWithServices(slug: string) {
  const ctx = await newAccount(`acct ${slug}`);
  const services = [];
  for (const name of ["API", "Dashboard", "Billing"]) services.push(await createService(ctx.db, ctx.accountId, { name }));
  const page = await createPage(ctx.db, ctx.accountId, { name: `Page ${slug}`, url: slug, cards: [{ name: "Core", services: services.map((s) => ({ id: s.id })) }] });
  return { ...ctx, page, services };
}

/** Loopback receivers are reachable only through the allow-list, as an operator would configure it. */
export const loopbackGuard = () => createGuard({ allow: "127.0.0.1" });
