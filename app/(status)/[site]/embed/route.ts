import { widgetRoute } from "@/lib/embed/frames";

export const dynamic = "force-dynamic";

/** The frameable widget; ?theme=light|dark|auto. The only route with frame-ancestors *. */
export const GET = widgetRoute;
