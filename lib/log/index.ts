import pino from "pino";
import { env } from "@/lib/env";

/** JSON lines on stdout. Never log message bodies, keys or secrets. */
export const log = pino({ level: env.LOG_LEVEL, base: { app: "heliograph" } });
