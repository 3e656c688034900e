import { RUNTIME_IDS } from "./schema";

type Stage = "CURRENT" | "STABLE" | "DEPRECATED";

/**
 * The vendor's seven runtime names, so checks and clients naming one keep working. Heliograph has one runtime: its
 * runner runs in this Node process, with no browser or script packages, so each answer says exactly that —
 * nodeJsVersion is process.version and dependencies is empty, never the vendor's package list.
 */
const LIFE: Record<(typeof RUNTIME_IDS)[number], { stage: Stage; runtimeEndOfLife?: string }> = {
  "2026.04": { stage: "CURRENT" },
  "2025.04": { stage: "STABLE" },
  "2024.09": { stage: "STABLE" },
  "2024.02": { stage: "DEPRECATED", runtimeEndOfLife: "Accepted for compatibility; runs as the current runtime here" },
  "2023.09": { stage: "DEPRECATED", runtimeEndOfLife: "Accepted for compatibility; runs as the current runtime here" },
  "2023.02": { stage: "DEPRECATED", runtimeEndOfLife: "Accepted for compatibility; runs as the current runtime here" },
  "2022.10": { stage: "DEPRECATED", runtimeEndOfLife: "Accepted for compatibility; runs as the current runtime here" },
};

export interface Runtime {
  name: string;
  multiStepSupport: boolean;
  nodeJsVersion: string;
  dependencies: Record<string, string>;
  stage: Stage;
  runtimeEndOfLife?: string;
  description: string;
}

export function runtimes(): Runtime[] {
  return RUNTIME_IDS.map((name) => ({
    name,
    multiStepSupport: false,
    nodeJsVersion: process.version,
    dependencies: {},
    ...LIFE[name],
    description: `Heliograph's own runner on Node.js ${process.version}: API, URL, TCP, DNS, ICMP and heartbeat checks; no browser, multi-step or script packages are installed`,
  }));
}

export const findRuntime = (name: string): Runtime | undefined => runtimes().find((r) => r.name === name);

/** The runtime GET /v1/runtimes marks CURRENT (else the newest STABLE one): the account's default for its checks. */
export function currentRuntime(): Runtime {
  const all = runtimes();
  return all.find((r) => r.stage === "CURRENT") ?? all.find((r) => r.stage === "STABLE") ?? all[0];
}
