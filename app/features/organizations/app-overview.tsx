// An organization's overview: what it is, how many members and teams it has, and leaving it.
import { Link } from "react-router";

import { readForm, unknownIntent } from "~/.server/web/http";
import { getOrganizationScope, organizationCallerOf } from "~/.server/web/organization-scope";
import { redirectWithToast } from "~/.server/web/toast";
import { buttonClassName } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DialogLink } from "~/components/ui/responsive-dialog";
import { authErrorKey } from "~/lib/auth-errors";
import { useFormat } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/app-overview";
import { leaveOrganization, organizationCounts, organizationLimits } from "./organizations.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const layout = matches.find((match) => match?.id === "routes/app/organizations/layout");
  return pageTitle(
    matches,
    (layout?.loaderData as { organization?: { name: string } } | undefined)?.organization?.name,
  );
};

export async function loader({ context }: Route.LoaderArgs) {
  const scope = getOrganizationScope(context);
  return {
    organization: scope.organization,
    counts: await organizationCounts(scope.organization.id),
    limits: organizationLimits(),
  };
}

/** Leaving needs no permission beyond membership; better-auth keeps the only owner in. */
export async function action({ request, context }: Route.ActionArgs) {
  const scope = getOrganizationScope(context);
  const formData = await readForm(request);
  if (formData.get("intent") !== "leave") return unknownIntent();
  const here = `/app/organizations/${scope.organization.slug}`;
  const left = await leaveOrganization(scope, organizationCallerOf(request, context));
  if (!left.ok) return redirectWithToast(here, { type: "error", message: authErrorKey(left.code) });
  return redirectWithToast("/app/organizations", {
    type: "success",
    message: "organizations.left",
    params: { name: scope.organization.name },
  });
}

export default function OrganizationOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { organization, counts, limits } = loaderData;
  const base = `/app/organizations/${organization.slug}`;
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
          <dt className="text-sm text-zinc-700 dark:text-zinc-300">{t("organizations.membersCount")}</dt>
          <dd className="text-2xl font-semibold">
            <Link to={`${base}/members`} className="underline underline-offset-4 hover:decoration-2">
              {t("organizations.countOfLimit", { count: counts.members, limit: limits.membersPerOrganization })}
            </Link>
          </dd>
        </div>
        <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
          <dt className="text-sm text-zinc-700 dark:text-zinc-300">{t("organizations.teamsCount")}</dt>
          <dd className="text-2xl font-semibold">
            <Link to={`${base}/teams`} className="underline underline-offset-4 hover:decoration-2">
              {t("organizations.countOfLimit", { count: counts.teams, limit: limits.teamsPerOrganization })}
            </Link>
          </dd>
        </div>
        <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
          <dt className="text-sm text-zinc-700 dark:text-zinc-300">{t("organizations.created")}</dt>
          <dd className="text-lg font-semibold">{format.date(organization.createdAt)}</dd>
        </div>
      </dl>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {t("organizations.address")} <code dir="ltr">{organization.slug}</code>
      </p>
      <div>
        <DialogLink name="leave" className={buttonClassName("secondary")}>
          {t("organizations.leave")}
        </DialogLink>
        <ConfirmDialog
          name="leave"
          description={t("organizations.leaveDescription", { name: organization.name })}
          fields={{ intent: "leave" }}
        />
      </div>
    </div>
  );
}
