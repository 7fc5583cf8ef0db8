// What a demo-mode refusal hands to the page it sends the visitor back to (app/.server/web/demo-mode.ts): the values
// of the refused form, and whether that form was in a dialog, which then says why instead of a second dialog.
import { useRouteLoaderData } from "react-router";

export type DemoRefusal = { values: Record<string, string>; inDialog: boolean };

/** The refusal that sent the visitor to this page, once (root loader data); null otherwise. */
export function useDemoRefusal(): DemoRefusal | null {
  const root = useRouteLoaderData("root") as { demoRefusal?: DemoRefusal | null } | undefined;
  return root?.demoRefusal ?? null;
}

/**
 * The refused values that belong to a form asking `fields`: every posted name but the `intent` must be one of its
 * fields (the refused form is not known by name, only by what it sent). Null for any other form.
 */
export function refusedValuesFor(
  refusal: DemoRefusal | null,
  fields: readonly string[],
): Record<string, string> | null {
  if (!refusal) return null;
  const posted = Object.entries(refusal.values).filter(([name]) => name !== "intent");
  if (posted.length === 0 || !posted.every(([name]) => fields.includes(name))) return null;
  return Object.fromEntries(posted);
}
