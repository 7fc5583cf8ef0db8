import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";

import { Avatar } from "~/components/layout/avatar";
import { RoleBadge } from "~/components/organizations/role-badge";
import { DataList, type ListPage } from "~/components/ui/data-list";
import { WithUserText } from "~/components/users/user-text";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/translation";

// One organization as the manager's detail page shows it (shapes built on the server; components never import them).
type DateValue = Date | string;
export type OrganizationFactsView = {
  organization: { id: string; name: string; slug: string; createdAt: DateValue };
  counts: { members: number; teams: number; pendingInvitations: number };
};
export type OrganizationMemberRow = {
  id: string;
  userId: string;
  name: string;
  email: string;
  image: string | null;
  role: string;
  joinedAt: DateValue;
};
export type OrganizationTeamRow = { id: string; name: string; members: number };
export type PendingInvitationRow = {
  id: string;
  email: string;
  role: string | null;
  expiresAt: DateValue;
  inviter: { name: string; email: string } | null;
};
/** A list of the page with its own "Load more": where its page sits in the loader data, and its first page. */
export type PagedList<T> = { page: ListPage<T>; isFirstPage: boolean; firstPageHref: string };

const muted = "text-sm text-zinc-600 dark:text-zinc-400";
const linkClassName = "font-medium text-brand-600 underline underline-offset-4 hover:decoration-2 dark:text-brand-100";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The organization's slug, creation date and figures. */
export function OrganizationFacts({ organization, counts }: OrganizationFactsView) {
  const { t } = useTranslation();
  const format = useFormat();
  const facts: Array<[string, ReactNode]> = [
    [
      t("organizationAdmin.slug"),
      // In the page's font: a system's monospace is often a Courier on a phone.
      <bdi key="slug" dir="ltr" className="[overflow-wrap:anywhere]">
        {organization.slug}
      </bdi>,
    ],
    [t("organizationAdmin.created"), format.date(organization.createdAt)],
    [t("organizationAdmin.membersCount"), format.number(counts.members)],
    [t("organizationAdmin.teamsCount"), format.number(counts.teams)],
    [t("organizationAdmin.pendingCount"), format.number(counts.pendingInvitations)],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-zinc-200 p-4 sm:grid-cols-[max-content_1fr] dark:border-zinc-800">
      {facts.map(([label, value]) => (
        <Fragment key={label}>
          <dt className={muted}>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The members, in the order they joined; each name leads to the person's page in the manager. */
export function OrganizationMembers({ list }: { list: PagedList<OrganizationMemberRow> }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Section id="members-title" title={t("organizationAdmin.members")}>
      <DataList
        page={list.page}
        pageKey="memberPage"
        label={t("organizationAdmin.membersLabel")}
        isFirstPage={list.isFirstPage}
        firstPageHref={list.firstPageHref}
        getKey={(row) => row.id}
        renderItem={(row) => (
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-3">
            <span className="flex min-w-0 items-center gap-3">
              <Avatar name={row.name || row.email} image={row.image} className="size-8 text-xs" />
              <span className="min-w-0">
                <Link to={`/manager/users/${row.userId}`} className={`block ${linkClassName}`}>
                  <bdi>{row.name || t("organizationAdmin.noName")}</bdi>
                </Link>
                <bdi dir="ltr" className={`block truncate ${muted}`}>
                  {row.email}
                </bdi>
              </span>
            </span>
            <span className={`flex flex-wrap items-center gap-x-2 ${muted}`}>
              <RoleBadge role={row.role} />
              <span>{t("organizationAdmin.joinedOn", { date: format.date(row.joinedAt) })}</span>
            </span>
          </div>
        )}
      />
    </Section>
  );
}

/** The teams, by name, with their number of members (an organization has few: no pages). */
export function OrganizationTeams({ teams }: { teams: OrganizationTeamRow[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Section id="teams-title" title={t("organizationAdmin.teams")}>
      {teams.length === 0 ? (
        <p className="rounded-md border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          {t("organizationAdmin.noTeams")}
        </p>
      ) : (
        <ul
          aria-label={t("organizationAdmin.teamsLabel")}
          className="divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
        >
          {teams.map((row) => (
            <li key={row.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-3">
              <bdi className="font-medium">{row.name}</bdi>
              <span className={muted}>
                {t("organizationAdmin.teamMembers", { members: format.number(row.members) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The invitations waiting for an answer, those expiring first first, with who sent them. */
export function OrganizationInvitations({ list }: { list: PagedList<PendingInvitationRow> }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Section id="invitations-title" title={t("organizationAdmin.invitations")}>
      <DataList
        page={list.page}
        pageKey="invitationPage"
        label={t("organizationAdmin.invitationsLabel")}
        isFirstPage={list.isFirstPage}
        firstPageHref={list.firstPageHref}
        getKey={(row) => row.id}
        renderItem={(row) => (
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-3">
            <span className="min-w-0">
              <bdi dir="ltr" className="block truncate font-medium">
                {row.email}
              </bdi>
              {row.inviter ? (
                <span className={`block ${muted}`}>
                  <WithUserText
                    sentence={(name) => t("organizationAdmin.invitedBy", { name })}
                    value={row.inviter.name || row.inviter.email}
                  />
                </span>
              ) : null}
            </span>
            <span className={`flex flex-wrap items-center gap-x-2 ${muted}`}>
              {row.role ? <RoleBadge role={row.role} /> : null}
              <span>{t("organizationAdmin.expiresOn", { date: format.dateTime(row.expiresAt) })}</span>
            </span>
          </div>
        )}
      />
    </Section>
  );
}
