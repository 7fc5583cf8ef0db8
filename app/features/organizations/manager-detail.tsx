// One organization for a site admin: what it is, its members, teams and pending invitations, and deleting it. The
// rules live in organization-admin.server.ts; the admin need not be a member.
import { auditActorOf } from "~/.server/web/caller";
import { requirePermission, userCan } from "~/.server/web/guards";
import { notFound, readForm, unknownIntent } from "~/.server/web/http";
import { redirectWithToast } from "~/.server/web/toast";
import { Avatar } from "~/components/layout/avatar";
import { BackLink } from "~/components/layout/back-link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClassName } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DialogLink } from "~/components/ui/responsive-dialog";
import { WithUserText } from "~/components/users/user-text";
import { requireRecentVerification } from "~/features/step-up.server";
import { pageTitle } from "~/lib/meta";
import { searchableText } from "~/lib/schemas/text";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/manager-detail";
import {
  OrganizationFacts,
  OrganizationInvitations,
  OrganizationMembers,
  OrganizationTeams,
} from "./components/organization-detail";
import { deleteOrganization, getOrganizationDetail } from "./organization-admin.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.organization.name);

/** The cursor of one of the page's lists (`?members=`, `?invitations=`), cleaned as `readListParams` cleans its own. */
function cursorParam(url: URL, name: string): string | null {
  const value = url.searchParams.get(name);
  return value && value.length <= 1000 ? searchableText(value) || null : null;
}

/** One of the page's two lists: its page, the URL of its next page (the other list stays where it is), its first. */
function pagedList<T>(
  url: URL,
  name: string,
  cursor: string | null,
  result: { items: T[]; nextCursor: string | null },
) {
  const href = (value: string | null) => {
    const params = new URLSearchParams(url.searchParams);
    params.delete("modal");
    if (value) params.set(name, value);
    else params.delete(name);
    const search = params.toString();
    return `${url.pathname.replace(/\.data$/, "")}${search ? `?${search}` : ""}`;
  };
  return {
    page: { items: result.items, nextHref: result.nextCursor ? href(result.nextCursor) : null },
    isFirstPage: cursor === null,
    firstPageHref: href(null),
  };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const me = requirePermission({ request, context }, { organization: ["list"] });
  const url = new URL(request.url);
  const memberCursor = cursorParam(url, "members");
  const invitationCursor = cursorParam(url, "invitations");
  const detail = (await getOrganizationDetail(params.id, { memberCursor, invitationCursor })) ?? notFound();
  const members = pagedList(url, "members", memberCursor, detail.members);
  const invitations = pagedList(url, "invitations", invitationCursor, detail.invitations);
  return {
    organization: detail.organization,
    counts: detail.counts,
    teams: detail.teams,
    // Each page at the top level of the data: "Load more" with JavaScript reads the next one from there.
    memberPage: members.page,
    members: { isFirstPage: members.isFirstPage, firstPageHref: members.firstPageHref },
    invitationPage: invitations.page,
    invitations: { isFirstPage: invitations.isFirstPage, firstPageHref: invitations.firstPageHref },
    canDelete: userCan(me, { organization: ["delete"] }),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requirePermission({ request, context }, { organization: ["delete"] });
  const formData = await readForm(request);
  if (formData.get("intent") !== "delete") return unknownIntent();
  await requireRecentVerification({ request, context }, formData);
  const deleted = (await deleteOrganization(params.id, auditActorOf(request, context))) ?? notFound();
  return redirectWithToast("/manager/organizations", {
    type: "success",
    message: "organizationAdmin.deleted",
    params: { name: deleted.name },
  });
}

export default function ManagerOrganization({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { organization } = loaderData;
  return (
    <section className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        <BackLink to="/manager/organizations">{t("organizationAdmin.backToList")}</BackLink>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div className="flex min-w-0 items-center gap-3">
            <Avatar name={organization.name} image={organization.logo} square className="size-10 text-sm" />
            <h1 className="text-2xl font-semibold">
              <bdi>{organization.name}</bdi>
            </h1>
          </div>
          {loaderData.canDelete ? (
            <DialogLink name="delete" className={buttonClassName("danger")}>
              {t("organizationAdmin.delete")}
            </DialogLink>
          ) : null}
        </div>
      </div>
      <OrganizationFacts organization={organization} counts={loaderData.counts} />
      <OrganizationMembers list={{ page: loaderData.memberPage, ...loaderData.members }} />
      <OrganizationTeams teams={loaderData.teams} />
      <OrganizationInvitations list={{ page: loaderData.invitationPage, ...loaderData.invitations }} />
      {loaderData.canDelete ? (
        <ConfirmDialog
          name="delete"
          description={
            <WithUserText
              sentence={(name) => t("organizationAdmin.deleteDescription", { name })}
              value={organization.name}
            />
          }
          fields={{ intent: "delete" }}
        />
      ) : null}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
