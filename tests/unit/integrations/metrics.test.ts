import { describe, expect, it } from "vitest";
import { registerIntegrationGauge } from "@/lib/metrics/integrations";
import { metrics } from "@/lib/metrics/registry";

describe("heliograph_integration_stale", () => {
  it("exports 1 for a stale integration and 0 for one heard in time, read at scrape time", async () => {
    let flags = [{ id: "a1", type: "alertmanager", stale: true }, { id: "b2", type: "generic", stale: false }];
    registerIntegrationGauge(async () => flags);
    const text = await metrics().registry.metrics();
    expect(text).toContain('heliograph_integration_stale{integration="a1",type="alertmanager"} 1');
    expect(text).toContain('heliograph_integration_stale{integration="b2",type="generic"} 0');
    flags = [];
    expect(await metrics().registry.metrics()).not.toContain('integration="a1"');
  });
});
