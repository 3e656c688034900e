import { feedRoute } from "@/lib/embed/documents";

export const dynamic = "force-dynamic";

export const GET = feedRoute("atom");
