// An organization's teams: each with its number of members; create one, for roles that may.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";

import { readForm, unknownIntent } from "~/.server/web/http";
import {
  getOrganizationScope,
  organizationCallerOf,
  organizationCan,
  requireOrganizationPermission,
} from "~/.server/web/organization-scope";
import { redirectWithToast } from "~/.server/web/toast";
import { authErrorKey } from "~/lib/auth-errors";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/app-teams";
import { TeamNameForm } from "./components/team-name-form";
import { teamSchema } from "./entity";
import { createTeam, listTeams, organizationLimits } from "./organizations.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ context }: Route.LoaderArgs) {
  const scope = getOrganizationScope(context);
  return {
    title: scope.organization.name,
    teams: await listTeams(scope.organization.id),
    limit: organizationLimits().teamsPerOrganization,
    canCreate: organizationCan(scope, { team: ["create"] }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const scope = requireOrganizationPermission(context, { team: ["create"] });
  const formData = await readForm(request);
  if (formData.get("intent") !== "create") return unknownIntent();
  const submission = parseWithZod(formData, { schema: teamSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const created = await createTeam(scope, submission.value.name, organizationCallerOf(request, context));
  if (!created.ok) {
    const error = authErrorKey(created.code);
    const field = created.code === "TEAM_ALREADY_EXISTS";
    return data(
      { result: submission.reply(field ? { fieldErrors: { name: [error] } } : { formErrors: [error] }) },
      { status: 400 },
    );
  }
  return redirectWithToast(`/app/organizations/${scope.organization.slug}/teams/${created.team.id}`, {
    type: "success",
    message: "organizations.teams.created",
    params: { name: created.team.name },
  });
}

export default function OrganizationTeams({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <ul
        aria-label={t("organizations.teams.listLabel")}
        className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800"
      >
        {loaderData.teams.map((team) => (
          <li key={team.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <Link
              to={team.id}
              relative="path"
              className="font-medium text-brand-700 underline underline-offset-4 hover:decoration-2 dark:text-brand-100"
            >
              <bdi>{team.name}</bdi>
            </Link>
            <span className="text-sm text-zinc-700 dark:text-zinc-300">
              {t("organizations.teams.members", { count: team.members })}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {t("organizations.teams.limitNote", { limit: loaderData.limit })}
      </p>
      {loaderData.canCreate ? (
        <section aria-labelledby="create-team" className="flex flex-col gap-3">
          <h2 id="create-team" className="text-lg font-semibold">
            {t("organizations.teams.create")}
          </h2>
          <TeamNameForm intent="create" result={actionData?.result} submitLabel={t("organizations.teams.create")} />
        </section>
      ) : null}
    </div>
  );
}
