import { Form, useLocation } from "react-router";

import { Avatar } from "~/components/layout/avatar";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "~/lib/use-hydrated";

type Choice = { id: string; name: string; logo: string | null };

/**
 * The active organization (there is always one while the person belongs to some: the layout settles it), as a form: a select and a Switch button that posts to /app/active-organization. With
 * JavaScript, choosing submits at once and the button goes away.
 */
export function OrganizationSwitcher({
  organizations,
  activeId,
}: {
  organizations: Choice[];
  activeId: string | null;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const hydrated = useHydrated();
  if (organizations.length === 0) return null;
  const active = organizations.find((organization) => organization.id === activeId);
  return (
    <Form method="post" action="/app/active-organization" className="flex min-w-0 items-center gap-2">
      {active ? <Avatar name={active.name} image={active.logo} square className="size-7 text-[0.625rem]" /> : null}
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor="active-organization" className="sr-only">
        {t("organizations.switcher")}
      </label>
      <select
        id="active-organization"
        name="organizationId"
        defaultValue={activeId ?? undefined}
        key={activeId ?? ""}
        onChange={hydrated ? (event) => event.currentTarget.form?.requestSubmit() : undefined}
        className="min-h-9 min-w-0 flex-1 rounded-md md:max-w-48 md:flex-none border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      >
        {organizations.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.name}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <Button variant="secondary" className="min-h-9 px-3 py-1">
          {t("organizations.switch")}
        </Button>
      )}
    </Form>
  );
}
