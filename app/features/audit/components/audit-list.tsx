import type { ReactNode } from "react";
import { Link } from "react-router";

import { Badge } from "~/components/ui/badge";
import { DataList, type EmptyState, type ListPage } from "~/components/ui/data-list";
import { CircleCheck, CircleX, ScrollText } from "~/components/ui/icons";
import type { AuditEntryView } from "~/features/audit/entity";
import { useFormat, zonedDateTime } from "~/lib/format";
import { isLanguage, languageNames } from "~/lib/i18n";
import { useTranslation } from "~/lib/translation";
import { useAuditLabels } from "./audit-labels";

const linkClassName = "text-brand-600 underline underline-offset-4 hover:decoration-2 dark:text-brand-100";

/** A person or a thing of an entry: a link to its page while it exists, else its label as recorded. */
function Subject({ label, href }: { label: string; href: string | null }) {
  const text = <bdi dir="ltr">{label}</bdi>;
  return href ? (
    <Link to={href} className={linkClassName}>
      {text}
    </Link>
  ) : (
    text
  );
}

function targetHref(entry: AuditEntryView): string | null {
  if (!entry.targetExists || !entry.targetId) return null;
  if (entry.targetType === "user") return `/manager/users/${entry.targetId}`;
  if (entry.targetType === "repository") return `/manager/repositories/${entry.targetId}`;
  return null;
}

/** The detail names the trail records (app/.server/features/*), in the page's language; another shows as recorded. */
const DETAIL_LABELS = {
  from: "audit.detailNames.from",
  to: "audit.detailNames.to",
  until: "audit.detailNames.until",
  reason: "audit.detailNames.reason",
  session: "audit.detailNames.session",
  method: "audit.detailNames.method",
  role: "audit.detailNames.role",
  language: "audit.detailNames.language",
  organization: "audit.detailNames.organization",
  invitation: "audit.detailNames.invitation",
  name: "audit.detailNames.name",
  passkey: "audit.detailNames.passkey",
  fields: "audit.detailNames.fields",
  code: "audit.detailNames.code",
  error: "audit.detailNames.error",
  repeats: "audit.detailNames.repeats",
  lastAt: "audit.detailNames.lastAt",
} as const;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * An entry's details as the rest of the page is written: each name in the page's language, a time in the page's
 * format and zone (no milliseconds), a language by its name, a method or a role by its word, a number as the page
 * writes numbers. Values stay as
 * recorded otherwise (an address, an id), isolated left to right.
 */
function AuditDetails({ details, time }: { details: Record<string, unknown>; time: (value: Date) => string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useAuditLabels();
  const value = (key: string, recorded: unknown): string => {
    if (typeof recorded === "string" && ISO_TIME.test(recorded)) return time(new Date(recorded));
    if (typeof recorded === "string") {
      const named = labels.detailValue(key, recorded);
      if (named !== null) return named;
    }
    if (key === "language" && isLanguage(recorded)) return languageNames[recorded];
    if (typeof recorded === "number") return format.number(recorded);
    if (typeof recorded === "boolean") return recorded ? t("audit.detailYes") : t("audit.detailNo");
    return typeof recorded === "string" ? recorded : JSON.stringify(recorded);
  };
  const shown = Object.entries(details).filter(([, recorded]) => recorded !== null && recorded !== undefined);
  return (
    <span className="flex min-w-0 flex-wrap gap-x-3">
      {shown.map(([key, recorded]) => (
        // A long value (an address, an id) wraps inside its line rather than widen the page on a phone.
        <span key={key} className="min-w-0 [overflow-wrap:anywhere]">
          {Object.hasOwn(DETAIL_LABELS, key) ? t(DETAIL_LABELS[key as keyof typeof DETAIL_LABELS]) : key}
          {t("audit.detailSeparator")}
          <bdi dir="ltr">{value(key, recorded)}</bdi>
        </span>
      ))}
    </span>
  );
}

/** One entry: what happened and how it ended, when, who did it to whom, from where, and its details. */
function AuditEntry({ entry, timeZone }: { entry: AuditEntryView; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const labels = useAuditLabels();
  const at = new Date(entry.at);
  const time = zonedDateTime(i18n.language, timeZone);
  const refused = entry.outcome === "refused";
  const outcome = refused
    ? entry.reason
      ? t("audit.refusedBecause", { reason: labels.reason(entry.reason) })
      : t("audit.refused")
    : t("audit.success");
  const rows: Array<[string, ReactNode]> = [
    [
      t("audit.actor"),
      entry.actorId || entry.actorLabel ? (
        <>
          <Subject
            label={entry.actorLabel ?? entry.actorId ?? ""}
            href={entry.actorExists ? `/manager/users/${entry.actorId}` : null}
          />
          {entry.impersonatorId ? (
            <span className="text-zinc-600 dark:text-zinc-400">
              {" "}
              ({t("audit.impersonatedBy", { admin: entry.impersonatorLabel ?? entry.impersonatorId })})
            </span>
          ) : null}
        </>
      ) : (
        t("audit.anonymous")
      ),
    ],
  ];
  if (entry.targetId || entry.targetLabel)
    rows.push([
      t("audit.target"),
      <Subject key="target" label={entry.targetLabel ?? entry.targetId ?? ""} href={targetHref(entry)} />,
    ]);
  if (entry.ip)
    rows.push([
      t("audit.ip"),
      <bdi key="ip" dir="ltr">
        {entry.ip}
      </bdi>,
    ]);
  if (entry.details && Object.keys(entry.details).length > 0)
    rows.push([t("audit.details"), <AuditDetails key="details" details={entry.details} time={time} />]);

  return (
    <article className="flex flex-col gap-1 px-3 py-2">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="font-medium">{labels.action(entry.action)}</p>
        <Badge tone={refused ? "danger" : "success"} icon={refused ? <CircleX /> : <CircleCheck />}>
          {outcome}
        </Badge>
        <time dateTime={at.toISOString()} className="text-sm text-zinc-600 sm:ms-auto dark:text-zinc-400">
          {time(at)}
        </time>
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex min-w-0 gap-2">
            <dt className="shrink-0 text-zinc-600 dark:text-zinc-400">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/**
 * A page of the audit trail with "Load more": the manager's audit page, and a user's part of the trail on their
 * detail page. `pageKey` says where the page sits in the loader's data (for "Load more" with JavaScript), and
 * `timeZone` the zone the times are shown in (the loader's, so that the server and the browser write the same).
 */
export function AuditList({
  page,
  label,
  timeZone,
  pageKey,
  isFirstPage,
  firstPageHref,
  empty,
  error,
}: {
  empty?: EmptyState;
  page: ListPage<AuditEntryView>;
  label: string;
  timeZone: string;
  pageKey?: string;
  isFirstPage?: boolean;
  firstPageHref?: string;
  /** The list could not be read: its error state with Retry. */
  error?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <DataList
      page={page}
      label={label}
      pageKey={pageKey}
      isFirstPage={isFirstPage}
      firstPageHref={firstPageHref}
      error={error}
      empty={empty ?? { icon: <ScrollText />, title: t("audit.emptyTitle"), text: t("audit.emptyText") }}
      getKey={(entry) => String(entry.id)}
      renderItem={(entry) => <AuditEntry entry={entry} timeZone={timeZone} />}
    />
  );
}
