import { z } from "zod";
import { CursorPage } from "@/lib/http/pagination";
import { text, Timestamp, Uuid, UuidOut } from "@/lib/http/wire";

export const ComponentType = z.enum(["SERVICE", "GROUP"]).meta({ id: "ComponentType" });

/** `display_order` is a 32-bit integer column on PostgreSQL: a larger number is a 400, not a driver error. */
const DisplayOrder = z.number().int().min(-2_147_483_648).max(2_147_483_647);

/**
 * A component as POST and PUT take it (the vendor's "component mutation"). PUT is a full replacement:
 * omitted fields become their defaults (type SERVICE, description null, hidden false, parentId null).
 */
export const ComponentMutation = z
  .strictObject({
    type: ComponentType.optional().meta({ description: "Default SERVICE" }),
    name: text().trim().min(1, "must not be empty").max(255),
    description: text().max(1000).nullable().optional(),
    displayOrder: DisplayOrder.meta({ description: "Position on the page (ascending); ties keep creation order" }),
    hidden: z.boolean().optional().meta({ description: "Hidden components are not shown publicly (a hidden group hides its children). Default false" }),
    parentId: Uuid.nullable().optional().meta({ description: "A GROUP on the same page; a group cannot be nested, a service cannot be a parent" }),
  })
  .meta({ id: "ComponentMutation" });

export const Component = z
  .strictObject({
    id: UuidOut,
    statusPageId: UuidOut,
    type: ComponentType,
    name: z.string(),
    description: z.string().nullable(),
    displayOrder: z.number().int(),
    hidden: z.boolean(),
    parentId: UuidOut.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: "Component" });

export const ComponentPage = CursorPage(Component, "ComponentPage");

export const ComponentParams = z.object({ statusPageId: Uuid, componentId: Uuid });
