import { notFound } from "next/navigation";
import { getReadyDb } from "@/lib/db";
import { findPageBySlug } from "@/lib/status-pages/queries";
import { loadPageSnapshot } from "@/lib/public-page/load";
import { pageBannerText, statusLabel } from "@/lib/status";

export const dynamic = "force-dynamic";

export default async function StatusPage({ params }: { params: Promise<{ site: string }> }) {
  const { site } = await params;
  const db = await getReadyDb();
  const page = await findPageBySlug(db, site.toLowerCase());
  if (!page || page.is_private) notFound();
  const snap = await loadPageSnapshot(db, page);
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-semibold">{page.name}</h1>
      <p role="status" className="mt-4 rounded border p-4 text-lg">{pageBannerText(snap.status)}</p>
      {snap.cards.map((card) => (
        <section key={card.id} className="mt-6 rounded border p-4" aria-labelledby={`card-${card.id}`}>
          <h2 id={`card-${card.id}`} className="font-semibold">{card.name}</h2>
          <ul>
            {card.services.map((s) => (
              <li key={s.id} className="flex justify-between py-1">
                <span>{s.name}</span>
                <span>{statusLabel(s.status)}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
