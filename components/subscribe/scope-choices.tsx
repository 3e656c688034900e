import type { ScopeOption } from "@/lib/subscriptions/scope";

/**
 * The checkboxes of what to follow: a v1 page's services, or a v3 page's groups (covering their components,
 * now and later) each with its components indented under it. Plain inputs: the forms work without JavaScript.
 * `allOfIt` is the caller's words for a group's "(all of it)": the forms' own namespace, in the page's language.
 */
export function ScopeChoices({ options, chosen, allOfIt, indent = false }: { options: ScopeOption[]; chosen: ReadonlySet<string>; allOfIt: string; indent?: boolean }) {
  return options.map((o) => (
    <label key={o.id} className={`flex items-center gap-1.5 my-1 ${o.parentId || indent ? "ml-6" : ""} ${o.parentId && indent ? "ml-12" : ""}`}>
      <input type="checkbox" name="services" value={o.id} defaultChecked={chosen.has(o.id)} />
      {o.group ? (
        <span>
          <strong>{o.name}</strong> <span className="muted">{allOfIt}</span>
        </span>
      ) : (
        o.name
      )}
    </label>
  ));
}
