import { describe, expect, it } from "vitest";
import { GET as openApiRoute } from "@/app/openapi.json/route";
import { openApiDocument } from "@/lib/openapi/document";
import { isCatchAll, routeFiles } from "../../integration/api/client";
import { isMethodRefusal } from "@/lib/http/other-methods";

const METHODS = ["get", "put", "post", "patch", "delete", "head", "options"] as const;
type Json = Record<string, unknown>;

function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

function resolve(doc: Json, ref: string): unknown {
  expect(ref.startsWith("#/"), ref).toBe(true);
  return ref.slice(2).split("/").reduce<unknown>((node, key) => (node as Json | undefined)?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
}

describe("/openapi.json", () => {
  const doc = JSON.parse(JSON.stringify(openApiDocument())) as Json;
  const paths = doc.paths as Record<string, Record<string, Json>>;

  it("is served without auth as JSON", async () => {
    const res = await openApiRoute(new Request("http://localhost/openapi.json"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual(doc);
  });

  it("is a well-formed OpenAPI 3.1 document", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect((doc.info as Json).title).toEqual(expect.any(String));
    expect((doc.info as Json).version).toEqual(expect.any(String));
    expect(((doc.components as Json).securitySchemes as Json).bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(paths)) {
      expect(path).toMatch(/^\/(v1|v2|v3|next)\/[a-z0-9/{}A-Z-]+$/);
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const ops = Object.entries(item).filter(([m]) => (METHODS as readonly string[]).includes(m));
      expect(ops.length, path).toBeGreaterThan(0);
      for (const [method, op] of ops) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.operationId, where).toEqual(expect.any(String));
        expect(operationIds.has(op.operationId as string), `duplicate operationId ${op.operationId}`).toBe(false);
        operationIds.add(op.operationId as string);
        const params = (op.parameters ?? []) as Json[];
        const pathParams = params.filter((p) => p.in === "path");
        expect(pathParams.map((p) => p.name).sort(), where).toEqual(templated);
        for (const p of pathParams) expect(p.required, where).toBe(true);
        for (const p of params) {
          expect(["path", "query", "header", "cookie"]).toContain(p.in);
          expect(p.schema, `${where} ${p.name}`).toBeTypeOf("object");
        }
        const responses = op.responses as Record<string, Json>;
        const codes = Object.keys(responses);
        expect(codes.filter((c) => /^2\d\d$/.test(c)), where).toHaveLength(1);
        for (const code of codes) {
          expect(code).toMatch(/^[1-5]\d\d$/);
          expect(responses[code].description, `${where} ${code}`).toEqual(expect.any(String));
          if (code === "204") expect(responses[code].content, where).toBeUndefined();
          else expect((responses[code].content as Json)["application/json"], `${where} ${code}`).toBeDefined();
          if (/^[45]/.test(code)) expect(refsIn(responses[code].content)).toEqual(["#/components/schemas/ErrorEnvelope"]);
        }
        for (const code of ["401", "429"]) expect(codes, where).toContain(code);
        if (op.requestBody) {
          expect(((op.requestBody as Json).content as Json)["application/json"], where).toBeDefined();
          for (const code of ["400", "413", "415"]) expect(codes, where).toContain(code);
        }
        if (method === "get" || method === "delete") expect(op.requestBody, where).toBeUndefined();
      }
    }
    for (const ref of refsIn(doc)) expect(resolve(doc, ref), ref).toBeTypeOf("object");
    for (const [name, schema] of Object.entries((doc.components as Json).schemas as Record<string, Json>)) {
      expect(schema.type ?? schema.anyOf ?? schema.$ref ?? schema.allOf, name).toBeDefined();
    }
  });

  it("documents every route handler under app/v1 and app/next, and every documented operation is implemented", async () => {
    const implemented = new Set<string>();
    for (const route of routeFiles()) {
      if (route.segments.some(isCatchAll)) continue;
      const mod = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
      expect(mod.dynamic, route.file).toBe("force-dynamic");
      for (const m of METHODS) if (typeof mod[m.toUpperCase()] === "function" && !isMethodRefusal(mod[m.toUpperCase()])) implemented.add(`${m.toUpperCase()} ${route.openApiPath}`);
    }
    const documented = new Set(Object.entries(paths).flatMap(([path, item]) => Object.keys(item).filter((m) => (METHODS as readonly string[]).includes(m)).map((m) => `${m.toUpperCase()} ${path}`)));
    expect([...implemented].filter((op) => !documented.has(op)).sort()).toEqual([]);
    expect([...documented].filter((op) => !implemented.has(op)).sort()).toEqual([]);
    // Contract 32; page keys 3, password 1, delivery report 1, API keys 4, /next accounts 3; v3 pages 5, components 5, subscribers 3, incidents 6,
    // updates 6, occurrences 7; integrations 6, automation rules 5, check triggers 3, domain verification 4, audit log 1; checks 19, groups 9,
    // runtimes 2, locations 1; check results 3, check statuses 2, heartbeat events and availability 3, accounts/me 1 and its alert settings 2.
    expect(documented.size).toBe(137);
  }, 60_000);

  it("describes request bodies from the validating schemas: strict objects with their required fields", () => {
    const schemas = (doc.components as Json).schemas as Record<string, Json>;
    expect(schemas.CreateStatusPageInput).toMatchObject({ additionalProperties: false, required: ["name", "url", "cards"] });
    expect(schemas.CreateIncidentInput).toMatchObject({ additionalProperties: false, required: ["name", "severity", "services", "incidentUpdates"] });
    expect((schemas.CreateIncidentInput.properties as Json).incidentUpdates).toMatchObject({ minItems: 1, maxItems: 1 });
    expect(schemas.CreateMaintenanceWindowInput.required).toEqual(expect.arrayContaining(["name", "startsAt", "endsAt", "repeatUnit"]));
    const limit = ((paths["/v1/status-pages"].get.parameters as Json[]).find((p) => p.name === "limit") as Json).schema;
    expect(limit).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 20 });
    expect(schemas.StatusPage.required).toEqual(expect.arrayContaining(["id", "url", "cards", "keys", "incidents", "created_at", "updated_at"]));
  });
});
