export { dailyUptime, groupDays, meanUptime, overallUptime, uptimeOverWindow, type DayUptime } from "./daily";
export { MINUTE_MS, downtimeTenths, serviceTimeline, type Segment } from "./timeline";
export { daysSpanned, monthlyUptime, type MonthUptime } from "./monthly";
