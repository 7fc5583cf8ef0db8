// The organization switcher's form posts here: it sets (or clears) the session's active organization, then goes to
// that organization's page (or back where the person was, when they chose none).
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";

import { requireUser } from "~/.server/web/guards";
import { notFound, readForm } from "~/.server/web/http";
import { redirectWithToast } from "~/.server/web/toast";
import { safeRedirect } from "~/lib/redirect";
import type { Route } from "./+types/app-active-organization";
import { activeOrganizationSchema } from "./entity";
import { activeOrganizationOf, organizationChoices, setActiveOrganization } from "./organizations.server";

/** Nothing to show: a GET (a bookmarked form address) goes to the list. */
export function loader() {
  return redirect("/app/organizations");
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser({ request, context });
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: activeOrganizationSchema });
  const back = safeRedirect(formData.get("redirectTo")) || "/app/organizations";
  if (submission.status !== "success") return redirect(back);
  const wanted = submission.value.organizationId || null;
  // Only one of my organizations can be made active: anything else is a missing page, not a hint.
  if (wanted && !(await activeOrganizationOf(user.id, wanted))) notFound();
  const set = await setActiveOrganization(wanted, request.headers);
  if (!set.ok) notFound();
  const chosen = wanted ? (await organizationChoices(user.id)).find((choice) => choice.id === wanted) : undefined;
  return redirectWithToast(chosen ? `/app/organizations/${chosen.slug}` : back, {
    type: "success",
    message: "organizations.switched",
  });
}
