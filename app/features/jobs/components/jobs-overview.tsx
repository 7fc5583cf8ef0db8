// The parts of /manager/jobs: counts per kind and state, the failed jobs (each a card), and the schedules. Kinds and
// schedule names are the code's own identifiers, shown as code. On a phone each row of a table is a card whose values
// carry their column's name, as the data list's rows do (app.css): no part of the page scrolls sideways. The roles are
// explicit for that reason, as in data-list.tsx: a table restyled as blocks loses its implicit ones in Safari and Firefox.
/* oxlint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */
import { buttonClassName } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DialogLink } from "~/components/ui/responsive-dialog";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/translation";

type JobState = "queued" | "running" | "done" | "failed" | "expired";
const STATES: JobState[] = ["queued", "running", "done", "failed", "expired"];

const tableClassName = "w-full text-sm max-md:block";
const headClassName = "max-md:hidden";
const bodyClassName = "max-md:flex max-md:flex-col max-md:gap-3";
const rowClassName =
  "max-md:flex max-md:flex-wrap max-md:gap-x-4 max-md:gap-y-1 max-md:rounded-lg max-md:border max-md:border-zinc-200 max-md:p-3 max-md:dark:border-zinc-800";
const cellClassName = "border-b border-zinc-200 px-3 py-2 text-start max-md:border-0 max-md:p-0 dark:border-zinc-800";
/** The row's name: a line of its own on a phone. */
const rowHeaderClassName = `${cellClassName} font-normal max-md:basis-full`;
/** A value: after its column's name on a phone. */
const valueClassName = `${cellClassName} data-list-labelled`;
const mutedClassName = "text-sm text-zinc-600 dark:text-zinc-400";

function useStateLabels(): Record<JobState, string> {
  const { t } = useTranslation();
  return {
    queued: t("jobs.queued"),
    running: t("jobs.running"),
    done: t("jobs.done"),
    failed: t("jobs.failed"),
    expired: t("jobs.expired"),
  };
}

export function JobCounts({ kinds }: { kinds: Array<{ kind: string; counts: Record<JobState, number> }> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useStateLabels();
  return (
    <section aria-labelledby="job-counts-title" className="flex flex-col gap-3">
      <h2 id="job-counts-title" className="text-lg font-semibold">
        {t("jobs.countsTitle")}
      </h2>
      {kinds.length === 0 ? (
        <p className={mutedClassName}>{t("jobs.empty")}</p>
      ) : (
        <table role="table" className={tableClassName}>
          <thead role="rowgroup" className={headClassName}>
            <tr role="row">
              <th role="columnheader" scope="col" className={cellClassName}>
                {t("jobs.kind")}
              </th>
              {STATES.map((state) => (
                <th key={state} role="columnheader" scope="col" className={`${cellClassName} md:text-end`}>
                  {labels[state]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" className={bodyClassName}>
            {kinds.map(({ kind, counts }) => (
              <tr key={kind} role="row" className={rowClassName}>
                <th role="rowheader" scope="row" className={rowHeaderClassName}>
                  <code dir="ltr">{kind}</code>
                </th>
                {STATES.map((state) => (
                  <td
                    key={state}
                    role="cell"
                    data-label={labels[state]}
                    className={`${valueClassName} tabular-nums md:text-end`}
                  >
                    {format.number(counts[state])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

type FailedJob = {
  id: string;
  kind: string;
  attempts: number;
  maxAttempts: number | null;
  lastError: string | null;
  failedAt: Date | string | null;
};

export function FailedJobs({ failed, canUpdate }: { failed: FailedJob[]; canUpdate: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section aria-labelledby="failed-jobs-title" className="flex flex-col gap-3">
      <h2 id="failed-jobs-title" className="text-lg font-semibold">
        {t("jobs.failedTitle")}
      </h2>
      {failed.length === 0 ? (
        <p className={mutedClassName}>{t("jobs.failedEmpty")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {failed.map((job) => (
            <li
              key={job.id}
              aria-label={job.kind}
              className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
            >
              <code dir="ltr" className="font-semibold">
                {job.kind}
              </code>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
                <dt className="text-zinc-600 dark:text-zinc-400">{t("jobs.attempts")}</dt>
                <dd>
                  {job.maxAttempts === null
                    ? format.number(job.attempts)
                    : t("jobs.attemptsValue", {
                        attempts: format.number(job.attempts),
                        max: format.number(job.maxAttempts),
                      })}
                </dd>
                <dt className="text-zinc-600 dark:text-zinc-400">{t("jobs.failedAt")}</dt>
                <dd>{job.failedAt ? format.dateTime(job.failedAt) : "—"}</dd>
                <dt className="text-zinc-600 dark:text-zinc-400">{t("jobs.lastError")}</dt>
                <dd className="[overflow-wrap:anywhere]" dir="auto">
                  {job.lastError ?? "—"}
                </dd>
              </dl>
              {canUpdate ? (
                <div className="flex flex-wrap gap-3">
                  <DialogLink name={`retry-${job.id}`} className={buttonClassName("secondary")}>
                    {t("jobs.retry")}
                  </DialogLink>
                  <DialogLink name={`discard-${job.id}`} className={buttonClassName("danger")}>
                    {t("jobs.discard")}
                  </DialogLink>
                  <ConfirmDialog
                    name={`retry-${job.id}`}
                    description={t("jobs.retryDescription", { kind: job.kind })}
                    fields={{ intent: "retry", jobId: job.id }}
                  />
                  <ConfirmDialog
                    name={`discard-${job.id}`}
                    description={t("jobs.discardDescription", { kind: job.kind })}
                    fields={{ intent: "discard", jobId: job.id }}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type ScheduleRow = {
  name: string;
  cron: string;
  lastRunAt: Date | string | null;
  lastState: JobState | null;
  nextRunAt: Date | string;
};

export function JobSchedules({ schedules }: { schedules: ScheduleRow[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useStateLabels();
  const columns = [
    ["schedule", t("jobs.schedule")],
    ["cron", t("jobs.cron")],
    ["lastRun", t("jobs.lastRun")],
    ["lastState", t("jobs.lastState")],
    ["nextRun", t("jobs.nextRun")],
  ] as const;
  return (
    <section aria-labelledby="schedules-title" className="flex flex-col gap-3">
      <h2 id="schedules-title" className="text-lg font-semibold">
        {t("jobs.schedulesTitle")}
      </h2>
      <table role="table" className={tableClassName}>
        <thead role="rowgroup" className={headClassName}>
          <tr role="row">
            {columns.map(([key, label]) => (
              <th key={key} role="columnheader" scope="col" className={`${cellClassName} whitespace-nowrap`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className={bodyClassName}>
          {schedules.map((schedule) => (
            <tr key={schedule.name} role="row" className={rowClassName}>
              <th role="rowheader" scope="row" className={`${rowHeaderClassName} md:whitespace-nowrap`}>
                <code dir="ltr">{schedule.name}</code>
              </th>
              <td role="cell" data-label={t("jobs.cron")} className={`${valueClassName} md:whitespace-nowrap`}>
                <code dir="ltr">{schedule.cron}</code>
              </td>
              <td role="cell" data-label={t("jobs.lastRun")} className={`${valueClassName} md:whitespace-nowrap`}>
                {schedule.lastRunAt ? format.dateTime(schedule.lastRunAt) : t("jobs.never")}
              </td>
              <td role="cell" data-label={t("jobs.lastState")} className={`${valueClassName} md:whitespace-nowrap`}>
                {schedule.lastState ? labels[schedule.lastState] : "—"}
              </td>
              <td role="cell" data-label={t("jobs.nextRun")} className={`${valueClassName} md:whitespace-nowrap`}>
                {format.dateTime(schedule.nextRunAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
