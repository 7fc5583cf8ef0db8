// One team: its members (add, remove), its name (rename) and deleting it, each for the roles that may.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";

import type { OrganizationPermissions } from "~/.server/platform/auth/permissions";
import { notFound, readForm, unknownIntent } from "~/.server/web/http";
import {
  getOrganizationScope,
  organizationCallerOf,
  organizationCan,
  requireOrganizationPermission,
} from "~/.server/web/organization-scope";
import { redirectWithToast } from "~/.server/web/toast";
import { BackLink } from "~/components/layout/back-link";
import { RoleBadge } from "~/components/organizations/role-badge";
import { Button, buttonClassName } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DialogLink } from "~/components/ui/responsive-dialog";
import { authErrorKey } from "~/lib/auth-errors";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/app-team";
import { TeamNameForm } from "./components/team-name-form";
import { teamMemberSchema, teamSchema } from "./entity";
import {
  addTeamMember,
  deleteTeam,
  getTeam,
  listTeamMembers,
  removeTeamMember,
  renameTeam,
  teamCandidates,
} from "./organizations.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.team.name);

export async function loader({ context, params }: Route.LoaderArgs) {
  const scope = getOrganizationScope(context);
  const team = (await getTeam(scope.organization.id, params.teamId)) ?? notFound();
  const can = {
    rename: organizationCan(scope, { team: ["update"] }),
    delete: organizationCan(scope, { team: ["delete"] }),
    add: organizationCan(scope, { member: ["update"] }),
    remove: organizationCan(scope, { member: ["delete"] }),
  };
  return {
    team,
    teamsHref: `/app/organizations/${scope.organization.slug}/teams`,
    members: await listTeamMembers(scope.organization.id, team.id),
    candidates: can.add ? await teamCandidates(scope.organization.id, team.id) : [],
    can,
  };
}

/** Each intent of this page, and what it needs of my role in the organization (better-auth's own checks). */
const intents = {
  rename: { team: ["update"] },
  delete: { team: ["delete"] },
  "add-member": { member: ["update"] },
  "remove-member": { member: ["delete"] },
} satisfies Record<string, OrganizationPermissions>;

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  if (!Object.hasOwn(intents, intent)) return unknownIntent();
  const known = intent as keyof typeof intents;
  const scope = requireOrganizationPermission(context, intents[known]);
  const team = (await getTeam(scope.organization.id, params.teamId)) ?? notFound();
  const caller = organizationCallerOf(request, context);
  const teams = `/app/organizations/${scope.organization.slug}/teams`;
  const here = `${teams}/${team.id}`;
  const refused = (code: string) => redirectWithToast(here, { type: "error", message: authErrorKey(code) });
  switch (known) {
    case "rename": {
      const submission = parseWithZod(formData, { schema: teamSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      const renamed = await renameTeam(scope, team.id, submission.value.name, caller);
      if (!renamed.ok)
        return data(
          { result: submission.reply({ fieldErrors: { name: [authErrorKey(renamed.code)] } }) },
          { status: 400 },
        );
      return redirectWithToast(here, { type: "success", message: "organizations.teams.renamed" });
    }
    case "delete": {
      const deleted = await deleteTeam(scope, team.id, caller);
      if (!deleted.ok) return refused(deleted.code);
      return redirectWithToast(teams, { type: "success", message: "organizations.teams.deleted" });
    }
    case "add-member": {
      const submission = parseWithZod(formData, { schema: teamMemberSchema });
      if (submission.status !== "success") return refused("USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION");
      const added = await addTeamMember(scope, team.id, submission.value.userId, caller);
      if (!added.ok) return refused(added.code);
      return redirectWithToast(here, { type: "success", message: "organizations.teams.added" });
    }
    case "remove-member": {
      const removed = await removeTeamMember(scope, team.id, String(formData.get("userId") ?? ""), caller);
      if (!removed.ok) return refused(removed.code);
      return redirectWithToast(here, { type: "success", message: "organizations.teams.removedMember" });
    }
  }
}

export default function OrganizationTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { team, members, candidates, can } = loaderData;
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  return (
    <div className="flex flex-col gap-6">
      <BackLink to={loaderData.teamsHref}>{t("organizations.teams.back")}</BackLink>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">
          <bdi>{team.name}</bdi>
        </h2>
        {can.delete ? (
          <>
            <DialogLink name="delete-team" className={buttonClassName("danger")}>
              {t("organizations.teams.delete")}
            </DialogLink>
            <ConfirmDialog
              name="delete-team"
              description={t("organizations.teams.deleteDescription", { name: team.name })}
              fields={{ intent: "delete" }}
            />
          </>
        ) : null}
      </div>
      <section aria-labelledby="team-members" className="flex flex-col gap-3">
        <h3 id="team-members" className="text-lg font-semibold">
          {t("organizations.teams.teamMembers")}
        </h3>
        {members.length === 0 ? (
          <p className="text-zinc-700 dark:text-zinc-300">{t("organizations.teams.noMembers")}</p>
        ) : (
          <ul
            aria-label={t("organizations.teams.teamMembers")}
            className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800"
          >
            {members.map((person) => (
              <li key={person.userId} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="flex min-w-0 flex-col">
                  <span className="font-medium">
                    <bdi>{person.name || person.email}</bdi>
                  </span>
                  <span className="text-sm text-zinc-700 dark:text-zinc-300" dir="ltr">
                    {person.email}
                  </span>
                </div>
                <div className="flex items-center gap-2">
                  <RoleBadge role={person.role} />
                  {can.remove ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove-member" />
                      <input type="hidden" name="userId" value={person.userId} />
                      <Button
                        variant="secondary"
                        aria-label={`${t("organizations.teams.removeMember")}: ${person.name || person.email}`}
                        pending={
                          pendingIntent === "remove-member" && navigation.formData?.get("userId") === person.userId
                        }
                      >
                        {t("organizations.teams.removeMember")}
                      </Button>
                    </Form>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        {can.add ? (
          candidates.length === 0 ? (
            <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("organizations.teams.everyoneIn")}</p>
          ) : (
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="add-member" />
              <div className="flex flex-col gap-1">
                <label htmlFor="team-candidate" className="text-sm font-medium">
                  {t("organizations.teams.person")}
                </label>
                <select
                  id="team-candidate"
                  name="userId"
                  required
                  defaultValue=""
                  className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 py-2 text-base dark:border-zinc-700 dark:bg-zinc-900"
                >
                  <option value="" disabled>
                    {t("organizations.teams.choose")}
                  </option>
                  {candidates.map((candidate) => (
                    <option key={candidate.userId} value={candidate.userId}>
                      {candidate.name ? `${candidate.name} (${candidate.email})` : candidate.email}
                    </option>
                  ))}
                </select>
              </div>
              <Button pending={pendingIntent === "add-member"}>{t("organizations.teams.addMember")}</Button>
            </Form>
          )
        ) : null}
      </section>
      {can.rename ? (
        <section aria-labelledby="rename-team" className="flex flex-col gap-3">
          <h3 id="rename-team" className="text-lg font-semibold">
            {t("organizations.teams.rename")}
          </h3>
          <TeamNameForm
            intent="rename"
            result={actionData?.result}
            defaultName={team.name}
            submitLabel={t("organizations.teams.rename")}
          />
        </section>
      ) : null}
    </div>
  );
}
