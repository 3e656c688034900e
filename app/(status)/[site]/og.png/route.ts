import { pageImageRoute } from "@/lib/embed/images";

export const dynamic = "force-dynamic";

/** 1200×630 link preview of the page (og:image). */
export const GET = pageImageRoute;
