import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";

import { Button, buttonClassName } from "~/components/ui/button";
import { DatePicker } from "~/components/ui/date-picker";
import type { AuditFilters } from "~/features/audit/entity";
import { localTimeZone } from "~/lib/time-zone";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "~/lib/use-hydrated";
import { useAuditLabels } from "./audit-labels";

const controlClassName =
  "min-h-10 w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 placeholder:text-zinc-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * The audit trail's filters: a plain GET form, so the filters are the URL (a link can be shared, and it works without
 * JavaScript). Its days are read in the zone of the hidden `tz` field: the browser's own once JavaScript runs, else
 * the zone the page was rendered in.
 */
export function AuditFilterForm({ filters, actions }: { filters: AuditFilters; actions: readonly string[] }) {
  const { t } = useTranslation();
  const labels = useAuditLabels();
  const location = useLocation();
  const hydrated = useHydrated();
  return (
    <Form
      method="get"
      aria-label={t("audit.filters")}
      // A new URL (a link, "Clear filters", the back button) shows its own filters.
      key={location.search}
      className="grid gap-4 rounded-lg border border-zinc-200 p-4 sm:grid-cols-2 lg:grid-cols-3 dark:border-zinc-800"
    >
      <Labelled id="audit-actor" label={t("audit.actor")}>
        <input
          id="audit-actor"
          name="actor"
          type="search"
          dir="auto"
          defaultValue={filters.actor}
          placeholder={t("audit.actorPlaceholder")}
          maxLength={320}
          className={controlClassName}
        />
      </Labelled>
      <Labelled id="audit-target" label={t("audit.target")}>
        <input
          id="audit-target"
          name="target"
          type="search"
          dir="auto"
          defaultValue={filters.target}
          placeholder={t("audit.targetPlaceholder")}
          maxLength={320}
          className={controlClassName}
        />
      </Labelled>
      <Labelled id="audit-action" label={t("audit.action")}>
        <select id="audit-action" name="action" defaultValue={filters.action} className={controlClassName}>
          <option value="">{t("audit.allActions")}</option>
          {actions.map((action) => (
            <option key={action} value={action}>
              {labels.action(action)}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id="audit-outcome" label={t("audit.outcome")}>
        <select id="audit-outcome" name="outcome" defaultValue={filters.outcome} className={controlClassName}>
          <option value="">{t("audit.allOutcomes")}</option>
          <option value="success">{t("audit.success")}</option>
          <option value="refused">{t("audit.refused")}</option>
        </select>
      </Labelled>
      <Labelled id="audit-from" label={t("audit.from")}>
        <DatePicker
          id="audit-from"
          labelId="audit-from-label"
          name="from"
          defaultValue={filters.from}
          className={controlClassName}
        />
      </Labelled>
      <Labelled id="audit-to" label={t("audit.to")}>
        <DatePicker
          id="audit-to"
          labelId="audit-to-label"
          name="to"
          defaultValue={filters.to}
          className={controlClassName}
        />
      </Labelled>
      <input type="hidden" name="tz" value={hydrated ? localTimeZone() : filters.timeZone} />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-3">
        <Button>{t("audit.filter")}</Button>
        <Link to={location.pathname} className={buttonClassName("link")}>
          {t("audit.clearFilters")}
        </Link>
      </div>
    </Form>
  );
}
