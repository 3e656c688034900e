import { statuspageRoute } from "@/lib/embed/documents";
import { corsPreflight } from "@/lib/embed/respond";
import { toSpComponents, toSpPage } from "@/lib/statuspage-compat/project";

export const dynamic = "force-dynamic";

/** Statuspage v2 components: cards are groups, services their components. */
export const GET = statuspageRoute((snap, ctx) => ({ page: toSpPage(snap, ctx), components: toSpComponents(snap) }));
export const OPTIONS = corsPreflight;
