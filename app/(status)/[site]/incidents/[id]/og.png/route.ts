import { incidentImageRoute } from "@/lib/embed/images";

export const dynamic = "force-dynamic";

/** 1200×630 link preview of one incident (og:image of its page). */
export const GET = incidentImageRoute;
