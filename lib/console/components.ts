import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { ComponentMutation } from "@/lib/components/schema";
import { serializeComponent } from "@/lib/components/serialize";
import { createComponent, getComponentOrThrow, listComponents, updateComponent } from "@/lib/components/service";
import type { Db } from "@/lib/db";
import { ValidationError } from "@/lib/errors";
import { requireRole } from "@/lib/operators/roles";
import { operatorActor, type ConsoleActor } from "@/lib/operators/service";
import { consolePageComponents } from "./pages";

/** A v3 page's own components, in display order (v1 pages are cards of account-wide services, edited by the API). */
export async function listEditableComponents(db: Db, actor: ConsoleActor, pageId: string) {
  const { page } = await consolePageComponents(db, actor, pageId);
  if (page.version !== 3) return { page, components: null };
  const { rows } = await listComponents(db, actor.accountId, page.id, { limit: 200 });
  return { page, components: rows.map(serializeComponent).sort((a, b) => a.displayOrder - b.displayOrder) };
}

/** Adds (no `id`) or replaces a component through the API's verbs and its ComponentMutation schema. */
export async function saveComponent(db: Db, actor: ConsoleActor, form: Record<string, unknown>): Promise<void> {
  requireRole(actor.role, "write");
  const pageId = String(form.pageId ?? "");
  const id = typeof form.id === "string" && form.id ? form.id : null;
  const parsed = ComponentMutation.safeParse({
    type: form.type || undefined,
    name: form.name,
    description: form.description ? form.description : null,
    displayOrder: Number(form.displayOrder),
    hidden: form.hidden === "on",
    parentId: form.parentId ? form.parentId : null,
  });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
    throw new ValidationError("Some fields need another look", { formFields: fields });
  }
  const before = id ? serializeComponent(await getComponentOrThrow(db, actor.accountId, pageId, id)) : undefined;
  const saved = id ? await updateComponent(db, actor.accountId, pageId, id, parsed.data) : await createComponent(db, actor.accountId, pageId, parsed.data);
  await recordAudit(db, { accountId: actor.accountId, actor: operatorActor(actor), action: id ? "component.update" : "component.create", entityType: "component", entityId: saved.id, before, after: serializeComponent(saved), requestId: actor.requestId });
}
