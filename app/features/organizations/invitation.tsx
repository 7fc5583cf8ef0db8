// The link of an invitation e-mail, /invitations/:id (docs/architecture.md, "Invitations"). A visitor signs in (or up)
// first and comes back here; the recipient accepts or declines; anyone else is told it is not theirs, and learns
// nothing more about it. The rules live in invitations.server.ts.
import { data, Link } from "react-router";

import { requireUser } from "~/.server/web/guards";
import { notFound, readForm, unknownIntent } from "~/.server/web/http";
import { getInstance } from "~/.server/web/i18n";
import { organizationCallerOf } from "~/.server/web/organization-scope";
import { redirectWithToast } from "~/.server/web/toast";
import { AuthCard } from "~/components/auth/auth-card";
import { Preferences } from "~/components/preferences";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { authErrorKey } from "~/lib/auth-errors";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/invitation";
import { InvitationAnswer, type InvitationForRecipient } from "./components/invitation-answer";
import { acceptInvitation, declineInvitation, getInvitationForRecipient, isRecipient } from "./invitations.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // A visitor goes to /login?redirect=/invitations/:id, someone new through onboarding, and both come back here.
  const user = requireUser({ request, context });
  const found = (await getInvitationForRecipient(params.id)) ?? notFound();
  const title = getInstance(context).t("invitations.page.pageTitle");
  if (!isRecipient(found, user.email)) return { title, signedInAs: user.email, invitation: null };
  const invitation: InvitationForRecipient = {
    state: found.status === "pending" && !found.inviterIsMember ? "inviter-left" : found.status,
    organizationName: found.organization.name,
    inviterName: found.inviter.name,
    inviterEmail: found.inviter.email,
    role: found.role,
    expiresAt: found.expiresAt,
  };
  return { title, signedInAs: user.email, invitation };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireUser({ request, context });
  if (!(await getInvitationForRecipient(params.id))) notFound();
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent !== "accept" && intent !== "decline") return unknownIntent();
  const caller = organizationCallerOf(request, context);
  const here = `/invitations/${encodeURIComponent(params.id)}`;
  const answered =
    intent === "accept" ? await acceptInvitation(params.id, caller) : await declineInvitation(params.id, caller);
  if (answered.ok && intent === "accept")
    return redirectWithToast(`/app/organizations/${answered.organization.slug}`, {
      type: "success",
      message: "invitations.page.accepted",
      params: { name: answered.organization.name },
    });
  if (answered.ok) return redirectWithToast(here, { type: "success", message: "invitations.page.declined" });
  // Not theirs: nothing changed, and the page says so again.
  if (answered.code === "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION")
    return data({ error: authErrorKey(answered.code) }, { status: 403 });
  // Answered, cancelled or expired meanwhile, or a limit: the page shows the invitation as it now is.
  return redirectWithToast(here, { type: "error", message: authErrorKey(answered.code) });
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    // The sign-in pages' frame (app/features/sign-in/layout.tsx): a visitor arrives here from one of them.
    <div className="flex min-h-dvh flex-col items-center gap-8 bg-zinc-50 px-4 py-12 dark:bg-zinc-950">
      <Link to="/app" className="text-lg font-bold tracking-tight">
        {t("meta.productName")}
      </Link>
      <main id="main" className="flex w-full flex-col items-center">
        <AuthCard title={t("invitations.page.pageTitle")}>
          <InvitationAnswer
            invitation={loaderData.invitation}
            signedInAs={loaderData.signedInAs}
            error={actionData && "error" in actionData ? actionData.error : undefined}
          />
        </AuthCard>
      </main>
      <footer className="mt-auto">
        <Preferences />
      </footer>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
