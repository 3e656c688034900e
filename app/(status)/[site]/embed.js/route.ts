import { scriptRoute } from "@/lib/embed/frames";

export const dynamic = "force-dynamic";

/** The status pill: <script src=".../embed.js" async></script> */
export const GET = scriptRoute;
