import type { ReactNode } from "react";
import { Link } from "react-router";

import { RoleBadge } from "~/components/organizations/role-badge";
import { buttonClassName } from "~/components/ui/button";
import {
  ArrowRight,
  Building2,
  FolderGit2,
  LayoutDashboard,
  Mail,
  Plus,
  UserRound,
  type Icon,
} from "~/components/ui/icons";
import { WithUserText } from "~/components/users/user-text";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/translation";

/** What the home page shows (the loader's data; components never import server types). */
export type HomeView = {
  name: string;
  email: string;
  organizations: Array<{ id: string; name: string; slug: string; role: string }>;
  organizationCount: number;
  invitations: Array<{ id: string; organizationName: string; role: string | null; expiresAt: Date | string }>;
  repositories: Array<{ id: string; name: string; description: string; createdAt: Date | string }>;
  can: { createOrganization: boolean; readRepositories: boolean; openManager: boolean };
};

const cardClassName =
  "flex min-w-0 flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900";
const linkClassName =
  "rounded-sm text-brand-600 underline underline-offset-4 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-100";

/** The home page: greeting, next steps, invitations, organizations and recent repositories. */
export function HomePage({ home }: { home: HomeView }) {
  const { t } = useTranslation();
  const steps: Array<{ href: string; icon: Icon; title: string; text: string }> = [];
  if (home.can.createOrganization)
    steps.push({
      href: "/app/organizations#create-organization",
      icon: Building2,
      title: t("home.stepOrganization"),
      text: t("home.stepOrganizationText"),
    });
  if (home.can.readRepositories)
    steps.push({
      href: "/app/repositories",
      icon: FolderGit2,
      title: t("home.stepRepositories"),
      text: t("home.stepRepositoriesText"),
    });
  steps.push({ href: "/app/account", icon: UserRound, title: t("home.stepAccount"), text: t("home.stepAccountText") });
  if (home.can.openManager)
    steps.push({
      href: "/manager",
      icon: LayoutDashboard,
      title: t("home.stepManager"),
      text: t("home.stepManagerText"),
    });

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">
          <WithUserText sentence={(name) => t("app.greeting", { name })} value={home.name} />
        </h1>
        <p className="text-zinc-700 dark:text-zinc-300">{t("app.homeText")}</p>
        <p className="text-sm [overflow-wrap:anywhere] text-zinc-600 dark:text-zinc-400">
          <WithUserText sentence={(email) => t("app.signedInAs", { email })} value={home.email} dir="ltr" />
        </p>
      </header>

      {home.invitations.length > 0 ? <Invitations invitations={home.invitations} /> : null}

      <section aria-labelledby="home-next" className="flex flex-col gap-3">
        <h2 id="home-next" className="text-lg font-semibold">
          {t("home.nextTitle")}
        </h2>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step) => (
            <li key={step.href} className="min-w-0">
              <Link
                to={step.href}
                className="group flex h-full items-start gap-3 rounded-lg border border-zinc-200 bg-white p-4 hover:border-brand-500 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:bg-zinc-800"
              >
                <span
                  aria-hidden="true"
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-md bg-brand-50 text-brand-700 dark:bg-zinc-800 dark:text-brand-100"
                >
                  <step.icon className="size-5" />
                </span>
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="font-medium">{step.title}</span>
                  <span className="text-sm text-zinc-600 dark:text-zinc-400">{step.text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Organizations home={home} />
        {home.can.readRepositories ? <Repositories repositories={home.repositories} /> : null}
      </div>
    </div>
  );
}

/** A part of the home page: a titled card, with a link to the whole list in its header. */
function Part({ id, title, more, children }: { id: string; title: string; more?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cardClassName}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {more}
      </div>
      {children}
    </section>
  );
}

/** An empty part: a decorative icon, a title, a line, and the next step when there is one. */
function Empty({ icon: Icon, title, text, action }: { icon: Icon; title: string; text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-md border border-dashed border-zinc-300 px-4 py-8 text-center dark:border-zinc-700">
      <span
        aria-hidden="true"
        className="inline-flex size-10 items-center justify-center rounded-full bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300"
      >
        <Icon className="size-5" />
      </span>
      <p className="font-medium">{title}</p>
      <p className="max-w-prose text-sm text-zinc-600 dark:text-zinc-400">{text}</p>
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

function Organizations({ home }: { home: HomeView }) {
  const { t } = useTranslation();
  return (
    <Part
      id="home-organizations"
      title={t("home.organizationsTitle")}
      more={
        home.organizationCount > 0 ? (
          <Link to="/app/organizations" className={`text-sm ${linkClassName}`}>
            {t("home.organizationsAll")}
          </Link>
        ) : null
      }
    >
      {home.organizations.length === 0 ? (
        <Empty
          icon={Building2}
          title={t("home.organizationsEmptyTitle")}
          text={t("home.organizationsEmptyText")}
          action={
            home.can.createOrganization ? (
              <Link to="/app/organizations#create-organization" className={buttonClassName("primary")}>
                <Plus aria-hidden="true" className="size-4" />
                {t("home.organizationsEmptyAction")}
              </Link>
            ) : undefined
          }
        />
      ) : (
        <ul
          aria-labelledby="home-organizations"
          className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800"
        >
          {home.organizations.map((organization) => (
            <li key={organization.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <span className="flex min-w-0 items-center gap-2">
                <Building2 aria-hidden="true" className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
                <Link
                  to={`/app/organizations/${organization.slug}`}
                  className={`min-w-0 [overflow-wrap:anywhere] ${linkClassName}`}
                >
                  <bdi>{organization.name}</bdi>
                </Link>
              </span>
              <RoleBadge role={organization.role} />
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}

function Repositories({ repositories }: { repositories: HomeView["repositories"] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Part
      id="home-repositories"
      title={t("home.repositoriesTitle")}
      more={
        repositories.length > 0 ? (
          <Link to="/app/repositories" className={`text-sm ${linkClassName}`}>
            {t("home.repositoriesAll")}
          </Link>
        ) : null
      }
    >
      {repositories.length === 0 ? (
        <Empty icon={FolderGit2} title={t("repositories.emptyTitle")} text={t("repositories.emptyTextReader")} />
      ) : (
        <ul aria-labelledby="home-repositories" className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
          {repositories.map((repository) => (
            <li key={repository.id} className="flex min-w-0 flex-col gap-0.5 py-2.5">
              <span className="flex min-w-0 items-center gap-2">
                <FolderGit2 aria-hidden="true" className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
                <Link
                  to={`/app/repositories/${repository.id}`}
                  className={`min-w-0 [overflow-wrap:anywhere] font-medium ${linkClassName}`}
                >
                  <bdi>{repository.name}</bdi>
                </Link>
              </span>
              <p dir="auto" className="line-clamp-2 text-sm [overflow-wrap:anywhere] text-zinc-600 dark:text-zinc-400">
                {repository.description || t("repositories.noDescription")}
              </p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                <time dateTime={new Date(repository.createdAt).toISOString()}>
                  {t("home.repositoryAdded", { date: format.date(repository.createdAt) })}
                </time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}

/** The invitations waiting for the person, each with a link to answer it. */
function Invitations({ invitations }: { invitations: HomeView["invitations"] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Part id="home-invitations" title={t("home.invitationsTitle")}>
      <ul aria-labelledby="home-invitations" className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
        {invitations.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 py-2.5">
            <span className="flex min-w-0 flex-col gap-1">
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <Mail aria-hidden="true" className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
                <bdi className="min-w-0 font-medium [overflow-wrap:anywhere]">{row.organizationName}</bdi>
                {row.role ? <RoleBadge role={row.role} /> : null}
              </span>
              <span className="text-sm text-zinc-600 dark:text-zinc-400">
                {t("home.invitationExpires", { date: format.dateTime(row.expiresAt) })}
              </span>
            </span>
            <Link to={`/invitations/${row.id}`} className={buttonClassName("secondary")}>
              <WithUserText
                sentence={(organization) => t("home.invitationAnswer", { organization })}
                value={row.organizationName}
              />
              <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </Link>
          </li>
        ))}
      </ul>
    </Part>
  );
}
