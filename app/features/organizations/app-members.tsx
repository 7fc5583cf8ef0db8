// An organization's members: name, e-mail, role, joined; change a role and remove a member, for roles that may.
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";

import { readForm, unknownIntent } from "~/.server/web/http";
import { listOrFailure } from "~/.server/web/list-failure";
import {
  getOrganizationScope,
  organizationCallerOf,
  organizationCan,
  requireOrganizationPermission,
} from "~/.server/web/organization-scope";
import { redirectWithToast } from "~/.server/web/toast";
import { Avatar } from "~/components/layout/avatar";
import { RoleBadge, roleLabel } from "~/components/organizations/role-badge";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button, buttonClassName } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataList } from "~/components/ui/data-list";
import { DialogLink } from "~/components/ui/responsive-dialog";
import { requireRecentVerification } from "~/features/step-up.server";
import { authErrorKey } from "~/lib/auth-errors";
import { useFormat } from "~/lib/format";
import { readListParams, toListData } from "~/lib/list-params";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/app-members";
import { isOwnerRole, memberRoles, memberRoleSchema } from "./entity";
import { listMembers, removeMember, updateMemberRole } from "./organizations.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = getOrganizationScope(context);
  const url = new URL(request.url);
  const params = readListParams(url);
  const list = toListData(
    url,
    params,
    await listOrFailure(request, () => listMembers(scope.organization.id, { cursor: params.cursor })),
  );
  const isOwner = isOwnerRole(scope.member.role);
  return {
    title: scope.organization.name,
    me: scope.member.id,
    isOwner,
    ...list,
    can: {
      update: organizationCan(scope, { member: ["update"] }),
      remove: organizationCan(scope, { member: ["delete"] }),
      invite: organizationCan(scope, { invitation: ["create"] }),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const scope = getOrganizationScope(context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const here = `/app/organizations/${scope.organization.slug}/members`;
  const caller = organizationCallerOf(request, context);
  if (intent === "change-role") {
    requireOrganizationPermission(context, { member: ["update"] });
    const submission = parseWithZod(formData, { schema: memberRoleSchema });
    if (submission.status !== "success")
      return redirectWithToast(here, { type: "error", message: "validation.invalidInput" });
    // Changing a role, owner included, asks for a recent step-up (ADR 053).
    await requireRecentVerification({ request, context }, formData);
    const changed = await updateMemberRole(scope, submission.value.memberId, submission.value.role, caller);
    if (!changed.ok) return redirectWithToast(here, { type: "error", message: authErrorKey(changed.code) });
    return redirectWithToast(here, { type: "success", message: "organizations.members.roleChanged" });
  }
  if (intent === "remove") {
    requireOrganizationPermission(context, { member: ["delete"] });
    const removed = await removeMember(scope, String(formData.get("memberId") ?? ""), caller);
    if (!removed.ok) return redirectWithToast(here, { type: "error", message: authErrorKey(removed.code) });
    return redirectWithToast(here, { type: "success", message: "organizations.members.removed" });
  }
  return unknownIntent();
}

// The step-up prompt (ADR 053) shows here, under the organization's tabs.
export const ErrorBoundary = RouteErrorBoundary;

type Member = Route.ComponentProps["loaderData"]["page"]["items"][number];

export default function OrganizationMembers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      {loaderData.can.invite ? (
        <div>
          <Link to="../invitations" relative="path" className={buttonClassName("secondary")}>
            {t("organizations.members.invite")}
          </Link>
        </div>
      ) : null}
      <DataList
        page={loaderData.page}
        label={t("organizations.members.listLabel")}
        error={loaderData.listError}
        getKey={(member) => member.id}
        isFirstPage={loaderData.isFirstPage}
        firstPageHref={loaderData.firstPageHref}
        renderItem={(member) => (
          <MemberRow member={member} me={loaderData.me} isOwner={loaderData.isOwner} can={loaderData.can} />
        )}
      />
    </div>
  );
}

function MemberRow({
  member,
  me,
  isOwner,
  can,
}: {
  member: Member;
  me: string;
  isOwner: boolean;
  can: { update: boolean; remove: boolean };
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigation = useNavigation();
  const name = member.name || member.email;
  const targetIsOwner = isOwnerRole(member.role);
  // Only an owner gives or takes the owner role (better-auth's rule, checked again on the server).
  const mayChange = can.update && (isOwner || !targetIsOwner);
  const mayRemove = can.remove && member.id !== me && (isOwner || !targetIsOwner);
  const offered = memberRoles.filter((role) => isOwner || role !== "owner");
  const pending = navigation.state === "submitting" && navigation.formData?.get("memberId") === member.id;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="flex min-w-0 items-center gap-3">
        <Avatar name={name} image={member.image} className="size-9 text-xs" />
        <div className="flex min-w-0 flex-col">
          <span className="font-medium">
            <bdi>{name}</bdi>{" "}
            {member.id === me ? (
              <span className="text-zinc-600 dark:text-zinc-400">{t("organizations.members.you")}</span>
            ) : null}
          </span>
          <span className="text-sm text-zinc-700 dark:text-zinc-300" dir="ltr">
            {member.email}
          </span>
          <span className="text-sm text-zinc-600 dark:text-zinc-400">
            {t("organizations.members.joined")} {format.date(member.joinedAt)}
          </span>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {mayChange ? (
          <Form method="post" className="flex items-center gap-2">
            <input type="hidden" name="intent" value="change-role" />
            <input type="hidden" name="memberId" value={member.id} />
            <label htmlFor={`role-${member.id}`} className="sr-only">
              {t("organizations.members.roleFor", { name })}
            </label>
            <select
              id={`role-${member.id}`}
              name="role"
              defaultValue={member.role}
              className="min-h-10 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            >
              {offered.map((role) => (
                <option key={role} value={role}>
                  {roleLabel(t, role)}
                </option>
              ))}
            </select>
            <Button variant="secondary" pending={pending}>
              {t("organizations.members.changeRole")}
            </Button>
          </Form>
        ) : (
          <RoleBadge role={member.role} />
        )}
        {mayRemove ? (
          <>
            <DialogLink name={`remove-${member.id}`} className={buttonClassName("danger")}>
              {t("organizations.members.remove")}
            </DialogLink>
            <ConfirmDialog
              name={`remove-${member.id}`}
              description={t("organizations.members.removeDescription", { name })}
              fields={{ intent: "remove", memberId: member.id }}
            />
          </>
        ) : null}
      </div>
    </div>
  );
}
