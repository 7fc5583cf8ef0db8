// The audit trail (docs/architecture.md, "Audit trail"): newest first, filtered by a GET form, "Load more" on the id.
import { Link } from "react-router";

import { requirePermission } from "~/.server/web/guards";
import { getInstance } from "~/.server/web/i18n";
import { listOrFailure } from "~/.server/web/list-failure";
import { PageHeader } from "~/components/layout/page-header";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Alert } from "~/components/ui/alert";
import { buttonClassName } from "~/components/ui/button";
import { SearchX } from "~/components/ui/icons";
import { AUDIT_ACTIONS, isAuditAction, listAudit } from "~/features/audit/audit.server";
import { AuditFilterForm } from "~/features/audit/components/audit-filters";
import { AuditList } from "~/features/audit/components/audit-list";
import { readAuditFilters } from "~/features/audit/entity";
import { repositoryAuditTargets } from "~/features/repositories/repositories.server";
import { readListParams, toListData } from "~/lib/list-params";
import { pageTitle } from "~/lib/meta";
import { localTimeZone, nextCalendarDay, startOfDayIn } from "~/lib/time-zone";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission({ request, context }, { audit: ["list"] });
  const url = new URL(request.url);
  // Days are read in the zone the form sends (the browser's, with JavaScript), else in the server's own.
  const filters = readAuditFilters(url.searchParams, AUDIT_ACTIONS, localTimeZone());
  const { cursor } = readListParams(url);
  const result = await listOrFailure(request, () =>
    listAudit(
      {
        actor: filters.actor,
        target: filters.target,
        action: isAuditAction(filters.action) ? filters.action : undefined,
        outcome: filters.outcome || undefined,
        since: filters.from ? startOfDayIn(filters.from, filters.timeZone) : undefined,
        before: filters.to ? startOfDayIn(nextCalendarDay(filters.to), filters.timeZone) : undefined,
        cursor,
      },
      { repository: repositoryAuditTargets },
    ),
  );
  return {
    title: getInstance(context).t("audit.title"),
    actions: AUDIT_ACTIONS,
    filters,
    filtered: Boolean(
      filters.actor || filters.target || filters.action || filters.outcome || filters.from || filters.to,
    ),
    ...toListData(url, { searchTerm: "", cursor }, result),
  };
}

export default function ManagerAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { filters, page } = loaderData;
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title={t("audit.title")} description={t("audit.description")} />
      <AuditFilterForm filters={filters} actions={loaderData.actions} />
      {filters.dateProblem === "invalid" ? <Alert>{t("audit.invalidDate")}</Alert> : null}
      {filters.dateProblem === "reversed" ? <Alert>{t("audit.reversedDates")}</Alert> : null}
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("audit.timeZone", { zone: filters.timeZone })}</p>
      <AuditList
        page={page}
        label={t("audit.listLabel")}
        timeZone={filters.timeZone}
        error={loaderData.listError}
        isFirstPage={loaderData.isFirstPage}
        firstPageHref={loaderData.firstPageHref}
        empty={
          loaderData.filtered
            ? {
                icon: <SearchX />,
                title: t("audit.noMatch"),
                action: (
                  <Link to="/manager/audit" className={buttonClassName("secondary")}>
                    {t("audit.clearFilters")}
                  </Link>
                ),
              }
            : undefined
        }
      />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
