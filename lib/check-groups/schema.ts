import { z } from "zod";
import { PUBLIC_LOCATIONS } from "@/lib/locations";
import { documentAs, text } from "@/lib/http/wire";
import { AlertSettingsInput, ApiAssertion, BasicAuth, CheckPathParams, RetryStrategyInput, RUNTIME_IDS, Variables } from "@/lib/checks/schema";

const KeyValue = z.strictObject({ key: text().min(1, "must not be empty").max(1024), value: text().max(10_000).optional(), locked: z.boolean().optional() });
const Tag = text().trim().min(1, "must not be empty").max(255);

/** The vendor's CheckGroupV2CreateOrUpdateRequest: POST creates, PUT replaces (fields left out take their defaults). */
export const CheckGroupInput = z
  .strictObject({
    name: text().trim().min(1, "must not be empty").max(255),
    activated: z.boolean().optional(),
    muted: z.boolean().optional(),
    tags: z.array(Tag).max(100).optional(),
    locations: z.array(z.enum(PUBLIC_LOCATIONS)).max(PUBLIC_LOCATIONS.length).optional(),
    concurrency: z.number().int().min(1).max(100).optional(),
    apiCheckDefaults: z
      .strictObject({
        url: text().max(2048).nullable().optional(),
        headers: z.array(KeyValue).max(100).optional(),
        queryParameters: z.array(KeyValue).max(100).optional(),
        assertions: z.array(ApiAssertion).max(100).optional(),
        basicAuth: BasicAuth.nullable().optional(),
      })
      .optional(),
    browserCheckDefaults: text().max(100_000).optional(),
    runtimeId: z.enum(RUNTIME_IDS).nullable().optional(),
    environmentVariables: Variables.optional(),
    alertChannelSubscriptions: z.array(z.strictObject({ alertChannelId: z.number().int(), activated: z.boolean().optional() })).max(100).optional(),
    setupSnippetId: z.number().int().nullable().optional(),
    tearDownSnippetId: z.number().int().nullable().optional(),
    localSetupScript: text().max(100_000).nullable().optional(),
    localTearDownScript: text().max(100_000).nullable().optional(),
    privateLocations: z.array(text().min(1).max(255)).max(100).nullable().optional(),
    runParallel: z.boolean().nullable().optional(),
    alertSettings: AlertSettingsInput.nullable().optional(),
    retryStrategy: z.union([z.literal("FALLBACK"), RetryStrategyInput]).nullable().optional(),
    useGlobalAlertSettings: z.boolean().nullable().optional(),
    doubleCheck: z.boolean().optional(),
  })
  .meta({ id: "CheckGroupV2CreateOrUpdateRequest" });
export type CheckGroupBody = z.output<typeof CheckGroupInput>;

const Many = <T extends z.ZodType>(item: T) => z.union([item.transform((v) => [v] as z.output<T>[]), z.array(item)]);
export const ListGroupsQuery = z.object({
  limit: z.string().regex(/^\d{1,6}$/, "must be an integer").transform(Number).pipe(z.number().int().min(1, "must be between 1 and 100").max(100, "must be between 1 and 100")).optional(),
  page: z.string().regex(/^\d{1,9}$/, "must be an integer").transform(Number).pipe(z.number().int().min(1, "must be at least 1")).optional(),
  tag: Many(Tag).optional(),
  name: Many(text().min(1).max(255)).optional(),
});

const GroupId = z
  .string()
  .regex(/^\d{1,10}$/, "must be a positive integer")
  .transform(Number)
  .pipe(z.number().int().positive("must be a positive integer").max(2_147_483_647, "no such group id"))
  .meta(documentAs({ type: "integer", minimum: 1 }));
export const GroupIdParams = z.object({ id: GroupId });
export const GroupCheckParams = GroupIdParams.extend(CheckPathParams.shape);

export const CheckGroupOut = z
  .looseObject({ id: z.number(), name: z.string(), activated: z.boolean(), concurrency: z.number(), apiCheckDefaults: z.record(z.string(), z.unknown()), created_at: z.string(), updated_at: z.string().nullable() })
  .meta({ id: "CheckGroupV2", description: "The vendor's CheckGroupV2 (checks-responses.json); secret variable values are answered empty" });
export const CheckGroupList = z.array(CheckGroupOut).meta({ id: "CheckGroupsList" });
