import { calendarRoute } from "@/lib/embed/documents";

export const dynamic = "force-dynamic";

/** Upcoming and recent maintenance as iCalendar; repeating windows as RRULEs. */
export const GET = calendarRoute;
