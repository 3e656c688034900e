#!/usr/bin/env node
// Serves the production build. (The front cache replaces this with a custom server around Next's handler.)
import { spawn } from "node:child_process";

const args = ["node_modules/next/dist/bin/next", "start", "-p", process.env.PORT ?? "3000", "-H", process.env.HOSTNAME ?? "0.0.0.0"];
const child = spawn(process.execPath, args, { stdio: "inherit", env: process.env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
