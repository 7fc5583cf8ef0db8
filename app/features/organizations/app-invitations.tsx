// An organization's invitations: the list for every member; invite, send again and cancel for the roles that allow
// them (docs/architecture.md, "Invitations"). The rules live in invitations.server.ts.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";

import type { OrganizationPermissions } from "~/.server/platform/auth/permissions";
import { requireUser } from "~/.server/web/guards";
import { forbidden, readForm, unknownIntent } from "~/.server/web/http";
import { getInstance, getLocale } from "~/.server/web/i18n";
import { listOrFailure } from "~/.server/web/list-failure";
import {
  getOrganizationScope,
  organizationCallerOf,
  organizationCan,
  requireOrganizationPermission,
} from "~/.server/web/organization-scope";
import { redirectWithToast } from "~/.server/web/toast";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { authErrorKey } from "~/lib/auth-errors";
import { retryAfterHeaders } from "~/lib/headers";
import { defaultLanguage, formatDuration, isLanguage } from "~/lib/i18n";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { message } from "~/lib/validation";
import type { Route } from "./+types/app-invitations";
import { InvitationForm } from "./components/invitation-form";
import { InvitationList } from "./components/invitation-list";
import { invitationSchema, isOwnerRole, memberRoles } from "./entity";
import {
  cancelInvitation,
  INVITATION_LIST_LIMIT,
  invitationsBringNewcomers,
  inviteMember,
  listInvitations,
  resendInvitation,
} from "./invitations.server";
import { organizationLimits } from "./organizations.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

/** Each intent of this page, and the permission it needs in the organization. */
const intents = {
  invite: { invitation: ["create"] },
  resend: { invitation: ["create"] },
  cancel: { invitation: ["cancel"] },
} satisfies Record<string, OrganizationPermissions>;
type Intent = keyof typeof intents;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  const scope = getOrganizationScope(context);
  const canInvite = organizationCan(scope, intents.invite);
  const language = getLocale(context);
  const invitations = await listOrFailure(request, () => listInvitations(scope.organization.id));
  return {
    title: getInstance(context).t("invitations.title"),
    invitations: invitations ?? [],
    listError: invitations === null,
    listLimit: INVITATION_LIST_LIMIT,
    canInvite,
    // Sign-up is closed and this inviter is not an administrator: said up front, for every address alike (ADR 018).
    newcomersNeedAnAdministrator: canInvite && !invitationsBringNewcomers(user),
    canCancel: organizationCan(scope, intents.cancel),
    // Only an owner may make an owner (better-auth refuses it to anyone else, too).
    roles: canInvite ? memberRoles.filter((role) => role !== "owner" || isOwnerRole(scope.member.role)) : [],
    language: isLanguage(language) ? language : defaultLanguage,
    limits: organizationLimits(),
  };
}

/** A refusal of better-auth's (or ours) as the invite form shows it: under the field it concerns, or above the form. */
function refusalErrors(code: string): { fieldErrors?: Record<string, string[]>; formErrors?: string[] } {
  const key: string = authErrorKey(code);
  switch (code) {
    case "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION":
    case "USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION":
    case "INVALID_EMAIL":
      return { fieldErrors: { email: [key] } };
    case "YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE":
    case "ROLE_NOT_FOUND":
      return { fieldErrors: { role: [key] } };
    default:
      return { formErrors: [key] };
  }
}

/** "Too many attempts, try again in …", in the page's language. */
const waitMessage = (seconds: number, language: string) =>
  message("rateLimit.message", { duration: formatDuration(seconds, language) });

/** A 429 keeps its Retry-After on the document too. */
export const headers = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const scope = getOrganizationScope(context);
  // Before the body is read: a role that may do none of this (a member) is refused at once.
  if (!Object.values(intents).some((permissions) => organizationCan(scope, permissions))) forbidden();
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  if (!Object.hasOwn(intents, intent)) return unknownIntent();
  const known = intent as Intent;
  requireOrganizationPermission(context, intents[known]);
  const caller = organizationCallerOf(request, context);
  const here = `/app/organizations/${scope.organization.slug}/invitations`;

  switch (known) {
    case "invite": {
      const submission = parseWithZod(formData, { schema: invitationSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      const invited = await inviteMember(scope, submission.value, caller);
      if (!invited.ok && invited.retryAfterSeconds)
        return data(
          { result: submission.reply({ formErrors: [waitMessage(invited.retryAfterSeconds, getLocale(context))] }) },
          { status: 429, headers: { "Retry-After": String(invited.retryAfterSeconds) } },
        );
      if (!invited.ok) return data({ result: submission.reply(refusalErrors(invited.code)) }, { status: 400 });
      return redirectWithToast(here, {
        type: "success",
        message: "invitations.sent",
        params: { email: invited.invitation.email },
      });
    }
    case "resend": {
      const resent = await resendInvitation(scope, String(formData.get("invitationId") ?? ""), caller);
      if (!resent.ok && resent.retryAfterSeconds)
        return redirectWithToast(here, {
          type: "error",
          message: "rateLimit.message",
          params: { duration: formatDuration(resent.retryAfterSeconds, getLocale(context)) },
        });
      if (!resent.ok) return redirectWithToast(here, { type: "error", message: authErrorKey(resent.code) });
      return redirectWithToast(here, {
        type: "success",
        message: "invitations.resent",
        params: { email: resent.invitation.email },
      });
    }
    case "cancel": {
      const cancelled = await cancelInvitation(scope, String(formData.get("invitationId") ?? ""), caller);
      if (!cancelled.ok) return redirectWithToast(here, { type: "error", message: authErrorKey(cancelled.code) });
      return redirectWithToast(here, { type: "success", message: "invitations.cancelled" });
    }
  }
}

export default function OrganizationInvitations({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-8">
      {loaderData.canInvite ? (
        <InvitationForm
          result={actionData?.result}
          roles={loaderData.roles}
          language={loaderData.language}
          lifetimeHours={loaderData.limits.invitationLifetimeHours}
          limit={loaderData.limits.membersPerOrganization}
          newcomersNeedAnAdministrator={loaderData.newcomersNeedAnAdministrator}
        />
      ) : null}
      <section aria-labelledby="invitations-heading" className="flex flex-col gap-3">
        <div>
          <h2 id="invitations-heading" className="text-lg font-semibold">
            {t("invitations.title")}
          </h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("invitations.description")}</p>
        </div>
        <InvitationList
          invitations={loaderData.invitations}
          canResend={loaderData.canInvite}
          canCancel={loaderData.canCancel}
          error={loaderData.listError}
        />
        {loaderData.invitations.length >= loaderData.listLimit ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {t("invitations.listNote", { limit: loaderData.listLimit })}
          </p>
        ) : null}
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
