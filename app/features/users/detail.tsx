// One user, for an admin: profile, role, status and sessions; ban and unban, impersonate, delete, revoke sessions.
// The rules live in user-admin.server.ts; every intent checks its own permission here.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";

import { hasSecondFactor, resetSecondFactor } from "~/.server/features/second-factor";
import { listSessions, revokeAllUserSessions, revokeUserSession } from "~/.server/features/sessions";
import type { Permissions } from "~/.server/platform/auth/permissions";
import { auditActorOf } from "~/.server/web/caller";
import { requirePermission, userCan } from "~/.server/web/guards";
import { cookieHeaders, notFound, readForm, unknownIntent } from "~/.server/web/http";
import { getLocale } from "~/.server/web/i18n";
import { listOrFailure } from "~/.server/web/list-failure";
import { getSession } from "~/.server/web/session";
import { redirectWithToast } from "~/.server/web/toast";
import { BackLink } from "~/components/layout/back-link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { SessionList } from "~/components/sessions/session-list";
import { Button, buttonClassName } from "~/components/ui/button";
import { listAudit } from "~/features/audit/audit.server";
import { AuditList } from "~/features/audit/components/audit-list";
import { repositoryAuditTargets } from "~/features/repositories/repositories.server";
import { requireRecentVerification } from "~/features/step-up.server";
import { authErrorKey } from "~/lib/auth-errors";
import { readListParams, toListData } from "~/lib/list-params";
import { pageTitle } from "~/lib/meta";
import { banSchema, firstBanDay } from "~/lib/schemas/ban";
import { localTimeZone } from "~/lib/time-zone";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/detail";
import { UserActions } from "./components/user-actions";
import { UserProfile } from "./components/user-profile";
import { banUser, deleteUser, getUserDetail, impersonateUser, unbanUser, type Refusal } from "./user-admin.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageTitle(matches, loaderData?.user.name || loaderData?.user.email);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const me = requirePermission({ request, context }, { user: ["list"] });
  const user = (await getUserDetail(params.id)) ?? notFound();
  const ban = user.ban ? { reason: user.ban.reason, expiresAt: user.ban.expiresAt?.toISOString() ?? null } : null;
  const url = new URL(request.url);
  const { cursor } = readListParams(url);
  return {
    user: { ...user, ban },
    // The admin's own session is marked when they look at their own page.
    sessions: userCan(me, { session: ["list"] })
      ? await listSessions(user.id, getSession(context)?.session.id, "admin")
      : null,
    // What the server would refuse is not offered: nobody bans or deletes themselves (user-admin.server.ts). That also
    // covers the last admin, who can only be the admin looking. A sole owner's deletion stays offered: its refusal
    // names the organizations to hand over first.
    can: {
      update: userCan(me, { user: ["update"] }),
      ban: user.id !== me.id && userCan(me, { user: ["ban"] }),
      impersonate: userCan(me, { user: ["impersonate"] }),
      delete: user.id !== me.id && userCan(me, { user: ["delete"] }),
    },
    firstBanDay: firstBanDay(),
    // Offered when there is one to reset (a lost phone and no recovery code, ADR 052).
    secondFactor: userCan(me, { user: ["update"] }) && (await hasSecondFactor(user.id)),
    // Their part of the audit trail (what they did, and what was done to them), at the top level of the data:
    // "Load more" reads the next page from `trailPage`.
    ...(await userTrail(request, me, user.id, cursor)),
    timeZone: localTimeZone(),
  };
}

async function userTrail(request: Request, me: Parameters<typeof userCan>[0], userId: string, cursor: string | null) {
  const url = new URL(request.url);
  if (!userCan(me, { audit: ["list"] }))
    return { trailPage: null, trailFirst: true, trailFirstHref: url.pathname, listError: false };
  const trail = toListData(
    url,
    { searchTerm: "", cursor },
    await listOrFailure(request, () => listAudit({ userId, cursor }, { repository: repositoryAuditTargets })),
  );
  // `listError` at the top level, where "Load more" looks for it (DataList).
  return {
    trailPage: trail.page,
    trailFirst: trail.isFirstPage,
    trailFirstHref: trail.firstPageHref,
    listError: trail.listError,
  };
}

/** Each intent of this page, and the permission it needs (better-auth's admin statements). */
const intents = {
  ban: { user: ["ban"] },
  unban: { user: ["ban"] },
  impersonate: { user: ["impersonate"] },
  delete: { user: ["delete"] },
  "revoke-session": { session: ["revoke"] },
  "revoke-all-sessions": { session: ["revoke"] },
  "reset-second-factor": { user: ["update"] },
} satisfies Record<string, Permissions>;
type Intent = keyof typeof intents;
/** What asks for a recent step-up first (ADR 053). */
const cannotBeUndone = new Set<Intent>(["ban", "impersonate", "delete"]);

/** A refused action's message: our rules' own, or better-auth's code translated. A user gone meanwhile is a 404. */
function refusalMessage(refused: Refusal, intent: Intent) {
  switch (refused.error) {
    case "sole-owner":
      return "organizations.soleOwnerUser";
    case "self":
      return authErrorKey(intent === "ban" ? "YOU_CANNOT_BAN_YOURSELF" : "YOU_CANNOT_REMOVE_YOURSELF");
    case "last-admin":
      return intent === "ban" ? "userAdmin.lastAdminBan" : "userAdmin.lastAdminDelete";
    case "banned":
      return "userAdmin.impersonateBanned";
    case "not-found":
      return notFound();
    case "auth":
      return authErrorKey(refused.code);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const me = requirePermission({ request, context }, { user: ["list"] });
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  if (!Object.hasOwn(intents, intent)) return unknownIntent();
  const known = intent as Intent;
  requirePermission({ request, context }, intents[known]);
  const target = (await getUserDetail(params.id)) ?? notFound();
  if (cannotBeUndone.has(known)) await requireRecentVerification({ request, context }, formData);
  const admin = { id: me.id, headers: request.headers, actor: auditActorOf(request, context) };
  const here = `/manager/users/${target.id}`;
  const refused = (refusal: Refusal) =>
    redirectWithToast(here, {
      type: "error",
      message: refusalMessage(refusal, known),
      ...(refusal.error === "sole-owner" ? { params: { names: refusal.organizations.join(", ") } } : {}),
    });

  switch (known) {
    case "ban": {
      const submission = parseWithZod(formData, { schema: banSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      const banned = await banUser(target, submission.value, admin);
      if (!banned.ok)
        return data({ result: submission.reply({ formErrors: [refusalMessage(banned, known)] }) }, { status: 400 });
      return redirectWithToast(here, { type: "success", message: "userAdmin.banned" });
    }
    case "unban": {
      const unbanned = await unbanUser(target, admin);
      if (!unbanned.ok) return refused(unbanned);
      return redirectWithToast(here, { type: "success", message: "userAdmin.unbanned" });
    }
    case "impersonate": {
      const started = await impersonateUser(target, admin);
      if (!started.ok) return refused(started);
      // The new session's cookies go with the redirect: the next page is the user's area, as the user sees it.
      return redirectWithToast(
        "/app",
        { type: "info", message: "impersonation.started", params: { name: target.name || target.email } },
        { headers: cookieHeaders(started.setCookies) },
      );
    }
    case "delete": {
      const deleted = await deleteUser(target, admin);
      if (!deleted.ok) return refused(deleted);
      return redirectWithToast("/manager/users", { type: "success", message: "userAdmin.deleted" });
    }
    case "revoke-session": {
      const revoked = await revokeUserSession(target, String(formData.get("sessionId") ?? ""), admin);
      return redirectWithToast(
        here,
        revoked ? { type: "success", message: "sessions.revoked" } : { type: "error", message: "sessions.notFound" },
      );
    }
    case "reset-second-factor": {
      await resetSecondFactor(target, { actor: admin.actor, language: getLocale(context) });
      return redirectWithToast(here, { type: "success", message: "userAdmin.secondFactorReset" });
    }
    case "revoke-all-sessions": {
      await revokeAllUserSessions(target, admin);
      return redirectWithToast(here, { type: "success", message: "sessions.allRevoked" });
    }
  }
}

export default function ManagerUser({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user } = loaderData;
  return (
    <section className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        <BackLink to="/manager/users">{t("users.backToList")}</BackLink>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-2xl font-semibold">
            <bdi>{user.name || t("users.noName")}</bdi>
          </h1>
          <div className="flex flex-wrap items-center gap-3">
            {loaderData.can.update ? (
              <Link to={`/manager/users/${user.id}/update`} className={buttonClassName("secondary")}>
                {t("users.edit")}
              </Link>
            ) : null}
            <UserActions
              user={user}
              can={loaderData.can}
              firstBanDay={loaderData.firstBanDay}
              banResult={actionData && "result" in actionData ? actionData.result : undefined}
            />
          </div>
        </div>
      </div>
      <UserProfile user={user} />
      {loaderData.secondFactor ? (
        <Form method="post" className="flex flex-col items-start gap-2">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("userAdmin.resetSecondFactorText")}</p>
          <Button name="intent" value="reset-second-factor" variant="secondary">
            {t("userAdmin.resetSecondFactor")}
          </Button>
        </Form>
      ) : null}
      {loaderData.sessions ? <SessionList sessions={loaderData.sessions} mode="admin" /> : null}
      {loaderData.trailPage ? (
        <section aria-labelledby="activity-title" className="flex flex-col gap-3">
          <h2 id="activity-title" className="text-lg font-semibold">
            {t("userAdmin.activity")}
          </h2>
          <AuditList
            page={loaderData.trailPage}
            pageKey="trailPage"
            label={t("userAdmin.activity")}
            timeZone={loaderData.timeZone}
            error={loaderData.listError}
            isFirstPage={loaderData.trailFirst}
            firstPageHref={loaderData.trailFirstHref}
          />
        </section>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
