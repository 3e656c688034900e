import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/errors";
import { FORMATS, INTEGRATION_TYPES } from "@/lib/integrations/formats";
import { WEBHOOK_TEMPLATE } from "@/lib/integrations/formats/checkly";

const opts = { matchLabel: "component", now: Date.parse("2026-11-24T12:00:00Z") };
const T0 = "2026-11-24T10:00:00.000Z";
const T1 = "2026-11-24T10:05:00.000Z";

/** The vendor fills the published template in by replacing each {{VARIABLE}}, as its channel does. */
function checklyBody(vars: Record<string, string>): unknown {
  return JSON.parse(WEBHOOK_TEMPLATE.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? ""));
}
const checkVars = { ALERT_TYPE: "ALERT_FAILURE", CHECK_ID: "c-123", CHECK_NAME: "Payments API", TAGS: "api,payments", GROUP_NAME: "Core", STARTED_AT: T0, CHECK_RESULT_ID: "r-1", RESULT_LINK: "https://x", RESPONSE_TIME: "1234", IS_REMINDER: "false" };

const amAlert = (over: Record<string, unknown> = {}) => ({
  status: "firing",
  labels: { alertname: "HighErrorRate", component: "api", severity: "critical" },
  annotations: { summary: "5xx above 5%" },
  startsAt: T0,
  endsAt: "0001-01-01T00:00:00Z",
  fingerprint: "abc123",
  generatorURL: "http://prom/graph",
  ...over,
});

describe("format registry", () => {
  it("has one adapter per integration type of the contract", () => {
    expect(Object.keys(FORMATS).sort()).toEqual([...INTEGRATION_TYPES].sort());
  });
});

describe("checkly (the vendor's webhook from the published template)", () => {
  it.each([
    ["ALERT_FAILURE", { action: "trigger" }],
    ["ALERT_RECOVERY", { action: "resolve" }],
    ["ALERT_DEGRADED", { action: "trigger", degraded: true }],
    ["ALERT_DEGRADED_RECOVERY", { action: "resolve", degraded: true }],
  ])("%s", (type, expected) => {
    const [e] = FORMATS.checkly.parse(checklyBody({ ...checkVars, ALERT_TYPE: type }), opts);
    expect(e).toMatchObject({ dedupKey: "c-123", checkId: "c-123", occurredAt: Date.parse(T0), summary: "Payments API", tags: ["api", "payments", "Core"], ...expected });
  });

  it("marks reminders, and falls back to arrival time without STARTED_AT", () => {
    const [e] = FORMATS.checkly.parse(checklyBody({ ...checkVars, IS_REMINDER: "true", STARTED_AT: "" }), opts);
    expect(e).toMatchObject({ reminder: true, occurredAt: opts.now });
  });

  it("refuses an unknown alert type and a missing check id", () => {
    expect(() => FORMATS.checkly.parse(checklyBody({ ...checkVars, ALERT_TYPE: "ALERT_SOMETHING" }), opts)).toThrow(ValidationError);
    expect(() => FORMATS.checkly.parse({ alertType: "ALERT_FAILURE" }, opts)).toThrow(ValidationError);
  });
});

describe("alertmanager", () => {
  it("gives one event per alert: firing at startsAt, resolved at endsAt, labels as tags", () => {
    const events = FORMATS.alertmanager.parse(
      { version: "4", groupKey: "{}:{}", status: "firing", receiver: "heliograph", alerts: [amAlert(), amAlert({ status: "resolved", fingerprint: "def456", endsAt: T1 })], commonLabels: {}, externalURL: "http://am" },
      opts,
    );
    expect(events).toEqual([
      { dedupKey: "abc123", action: "trigger", occurredAt: Date.parse(T0), summary: "5xx above 5%", tags: ["alertname=HighErrorRate", "component=api", "severity=critical", "api"] },
      { dedupKey: "def456", action: "resolve", occurredAt: Date.parse(T1), summary: "5xx above 5%", tags: ["alertname=HighErrorRate", "component=api", "severity=critical", "api"] },
    ]);
  });

  it("reads the always-firing Watchdog as a heartbeat", () => {
    const [e] = FORMATS.alertmanager.parse({ alerts: [amAlert({ labels: { alertname: "Watchdog" } })] }, opts);
    expect(e.action).toBe("heartbeat");
  });

  it("uses the configured label's bare value, and a stable key without a fingerprint", () => {
    const a = FORMATS.alertmanager.parse({ alerts: [amAlert({ fingerprint: undefined, labels: { alertname: "X", service: "db" } })] }, { ...opts, matchLabel: "service" });
    const b = FORMATS.alertmanager.parse({ alerts: [amAlert({ fingerprint: undefined, labels: { service: "db", alertname: "X" } })] }, { ...opts, matchLabel: "service" });
    expect(a[0].tags).toContain("db");
    expect(a[0].dedupKey).toBe(b[0].dedupKey);
  });

  it.each([[{}], [{ alerts: "x" }], [{ alerts: [{ status: "burning", labels: {} }] }], [[]], [null]])("refuses %j", (body) => {
    expect(() => FORMATS.alertmanager.parse(body, opts)).toThrow(ValidationError);
  });
});

describe("grafana", () => {
  it("reads the Alertmanager shape with title and message", () => {
    const events = FORMATS.grafana.parse({ receiver: "hg", status: "resolved", orgId: 1, title: "[RESOLVED]", message: "ok", alerts: [amAlert({ status: "resolved", endsAt: T1, values: { A: 1 } })] }, opts);
    expect(events).toMatchObject([{ dedupKey: "abc123", action: "resolve", occurredAt: Date.parse(T1) }]);
  });
});

describe("pagerduty", () => {
  const trigger = { routing_key: "hgi_x", event_action: "trigger", dedup_key: "db-down", payload: { summary: "DB down", source: "db1", severity: "critical", timestamp: T0, component: "database", group: "prod" } };
  it("maps trigger, acknowledge (changes nothing) and resolve", () => {
    expect(FORMATS.pagerduty.parse(trigger, opts)).toEqual([{ dedupKey: "db-down", action: "trigger", occurredAt: Date.parse(T0), summary: "DB down", tags: ["component=database", "database", "group=prod"] }]);
    expect(FORMATS.pagerduty.parse({ routing_key: "k", event_action: "acknowledge", dedup_key: "db-down" }, opts)[0]).toMatchObject({ action: "trigger", reminder: true });
    expect(FORMATS.pagerduty.parse({ routing_key: "k", event_action: "resolve", dedup_key: "db-down" }, opts)[0]).toMatchObject({ action: "resolve", occurredAt: opts.now });
  });
  it("caps warnings at degraded and finds the routing key", () => {
    expect(FORMATS.pagerduty.parse({ ...trigger, payload: { ...trigger.payload, severity: "warning" } }, opts)[0].degraded).toBe(true);
    expect(FORMATS.pagerduty.tokenInBody?.(trigger)).toBe("hgi_x");
    expect(FORMATS.pagerduty.tokenInBody?.("nope")).toBeNull();
  });
  it("refuses a resolve without dedup_key and a trigger without payload", () => {
    expect(() => FORMATS.pagerduty.parse({ routing_key: "k", event_action: "resolve" }, opts)).toThrow(ValidationError);
    expect(() => FORMATS.pagerduty.parse({ routing_key: "k", event_action: "trigger", dedup_key: "x" }, opts)).toThrow(ValidationError);
  });
});

describe("generic", () => {
  const comp = "0b0e6a36-3c4e-4bc5-9a3e-bb5a8a4f1c11";
  it("reads one event or a list, with components and impact", () => {
    expect(FORMATS.generic.parse({ dedupKey: "k1", action: "trigger", summary: "down", occurredAt: T0, targetImpact: "PARTIAL_OUTAGE", components: [comp.toUpperCase()], tags: ["api"] }, opts)).toEqual([
      { dedupKey: "k1", action: "trigger", occurredAt: Date.parse(T0), summary: "down", tags: ["api"], componentIds: [comp], targetImpact: "PARTIAL_OUTAGE" },
    ]);
    expect(FORMATS.generic.parse({ events: [{ dedupKey: "a", action: "heartbeat" }, { dedupKey: "b", action: "resolve", occurredAt: 1_790_000_000 }] }, opts)).toMatchObject([
      { action: "heartbeat", occurredAt: opts.now, summary: "a" },
      { action: "resolve", occurredAt: 1_790_000_000_000 },
    ]);
  });
  it.each([[{ dedupKey: "k", action: "explode" }], [{ dedupKey: "", action: "trigger" }], [{ dedupKey: "k", action: "trigger", extra: 1 }], [{ dedupKey: "k", action: "trigger", targetImpact: "UNDER_MAINTENANCE" }], [{ events: [] }]])("refuses %j", (body) => {
    expect(() => FORMATS.generic.parse(body, opts)).toThrow(ValidationError);
  });
});
