import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { errorToResponse } from "@/lib/http/errors";
import { parseWith } from "@/lib/http/validate";
import { log } from "@/lib/log";
import { AppError, ConflictError, ForbiddenError, NotFoundError, PayloadTooLargeError, PaymentRequiredError, RateLimitedError, UnauthorizedError, UnavailableError, UnsupportedMediaTypeError, ValidationError } from "@/lib/errors";

const ctx = { requestId: "req-1", method: "GET", path: "/v1/x" };

describe("error mapping", () => {
  it("maps every typed error to its status and the envelope", async () => {
    const cases: [AppError, number, string][] = [
      [new ValidationError("bad", { fields: ["name"] }), 400, "Bad Request"],
      [new UnauthorizedError("Bad Token"), 401, "Unauthorized"],
      [new PaymentRequiredError("over the plan", { entitlement: "STATUS_PAGES", quantity: 100 }), 402, "Payment Required"],
      [new ForbiddenError("no"), 403, "Forbidden"],
      [new NotFoundError("Incident not found"), 404, "Not Found"],
      [new ConflictError("taken"), 409, "Conflict"],
      [new PayloadTooLargeError("big"), 413, "Payload Too Large"],
      [new UnsupportedMediaTypeError("json only"), 415, "Unsupported Media Type"],
      [new RateLimitedError("slow down", 7), 429, "Too Many Requests"],
      [new UnavailableError("down"), 503, "Service Unavailable"],
    ];
    for (const [err, status, reason] of cases) {
      const res = errorToResponse(err, ctx, { "X-RateLimit-Limit": "600" });
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ statusCode: status, error: reason, message: err.message, attributes: err.attributes });
      expect(res.headers.get("x-request-id")).toBe("req-1");
      expect(res.headers.get("x-ratelimit-limit")).toBe("600");
    }
    expect(errorToResponse(new RateLimitedError("x", 7), ctx).headers.get("retry-after")).toBe("7");
    expect(new RateLimitedError("x", 7, { entitlement: "VERIFICATION_EMAILS_PER_HOUR" }).attributes).toEqual({ entitlement: "VERIFICATION_EMAILS_PER_HOUR", retryAfterSeconds: 7 });
  });

  it("hides an unknown error's message behind a generic 500 and logs it with the request id", async () => {
    const spy = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const res = errorToResponse(new TypeError("cannot read x of undefined at /srv/app"), ctx);
    const body = await res.json();
    expect(res.status).toBe(500);
    expect(JSON.stringify(body)).not.toContain("undefined");
    expect(body).toMatchObject({ statusCode: 500, error: "Internal Server Error", attributes: { requestId: "req-1" } });
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ requestId: "req-1" }), "unhandled error");
    const down = errorToResponse(Object.assign(new Error("connect ECONNREFUSED 10.0.0.1:5432"), { code: "ECONNREFUSED" }), ctx);
    expect(down.status).toBe(503);
    expect(JSON.stringify(await down.json())).not.toContain("10.0.0.1");
    spy.mockRestore();
  });

  it("names every offending field path, including unknown keys", () => {
    const schema = z.strictObject({ name: z.string(), cards: z.array(z.strictObject({ services: z.array(z.strictObject({ id: z.string() })) })) });
    try {
      parseWith(schema, { cards: [{ services: [{ id: 1 }], extra: true }] }, "body");
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationError);
      const { fields } = (err as ValidationError).attributes as { fields: string[] };
      expect(fields.sort()).toEqual(["cards.0.extra", "cards.0.services.0.id", "name"]);
      expect((err as Error).message).toMatch(/^Invalid request body: /);
    }
  });
});

describe("an unreachable database", () => {
  it("answers 503 with Retry-After, not a 500", async () => {
    const { ConfigError } = await import("@/lib/errors/config-error");
    vi.spyOn(log, "error").mockImplementation(() => undefined);
    const res = errorToResponse(new ConfigError("Cannot open the database at postgres://x: connection refused"), ctx);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(JSON.stringify(await res.json())).not.toContain("postgres://");
  });
});
