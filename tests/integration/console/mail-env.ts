/** Imported first by console tests: a real SMTP peer and the public address, set before lib/env is first read. */
import { startSmtp } from "../notifications/peers";

export const smtp = await startSmtp();
process.env.SMTP_HOST = "127.0.0.1";
process.env.SMTP_PORT = String(smtp.port);
process.env.HELIOGRAPH_PUBLIC_URL = "https://status.example.test";
