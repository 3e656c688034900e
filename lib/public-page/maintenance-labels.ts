import type { MaintenanceStatus } from "@/lib/db/types";
import { wordOf } from "@/lib/i18n";

/** A maintenance status in words, on the page, its detail page and the history (lib/i18n `maintenance`). */
export const maintenanceStatusLabel = (s: MaintenanceStatus, locale?: string | null) => wordOf(locale, "maintenance", s) as string;
