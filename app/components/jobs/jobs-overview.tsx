// The parts of /manager/jobs: counts per kind and state, the failed jobs (each a card, readable on a phone), and the
// schedules. Kinds and schedule names are the code's own identifiers, shown as code.
import { buttonClassName } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DialogLink } from "~/components/ui/responsive-dialog";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/translation";

type JobState = "queued" | "running" | "done" | "failed" | "expired";
const STATES: JobState[] = ["queued", "running", "done", "failed", "expired"];

const cellClassName = "border-b border-zinc-200 px-3 py-2 text-start dark:border-zinc-800";
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
        // Scrolls sideways on a narrow screen rather than squeezing the figures.
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th scope="col" className={cellClassName}>
                  {t("jobs.kind")}
                </th>
                {STATES.map((state) => (
                  <th key={state} scope="col" className={`${cellClassName} text-end`}>
                    {labels[state]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {kinds.map(({ kind, counts }) => (
                <tr key={kind}>
                  <th scope="row" className={`${cellClassName} font-normal`}>
                    <code dir="ltr">{kind}</code>
                  </th>
                  {STATES.map((state) => (
                    <td key={state} className={`${cellClassName} text-end tabular-nums`}>
                      {format.number(counts[state])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
  return (
    <section aria-labelledby="schedules-title" className="flex flex-col gap-3">
      <h2 id="schedules-title" className="text-lg font-semibold">
        {t("jobs.schedulesTitle")}
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th scope="col" className={`${cellClassName} whitespace-nowrap`}>
                {t("jobs.schedule")}
              </th>
              <th scope="col" className={`${cellClassName} whitespace-nowrap`}>
                {t("jobs.cron")}
              </th>
              <th scope="col" className={`${cellClassName} whitespace-nowrap`}>
                {t("jobs.lastRun")}
              </th>
              <th scope="col" className={`${cellClassName} whitespace-nowrap`}>
                {t("jobs.lastState")}
              </th>
              <th scope="col" className={`${cellClassName} whitespace-nowrap`}>
                {t("jobs.nextRun")}
              </th>
            </tr>
          </thead>
          <tbody>
            {schedules.map((schedule) => (
              <tr key={schedule.name}>
                <th scope="row" className={`${cellClassName} font-normal whitespace-nowrap`}>
                  <code dir="ltr">{schedule.name}</code>
                </th>
                <td className={`${cellClassName} whitespace-nowrap`}>
                  <code dir="ltr">{schedule.cron}</code>
                </td>
                <td className={`${cellClassName} whitespace-nowrap`}>
                  {schedule.lastRunAt ? format.dateTime(schedule.lastRunAt) : t("jobs.never")}
                </td>
                <td className={`${cellClassName} whitespace-nowrap`}>
                  {schedule.lastState ? labels[schedule.lastState] : "—"}
                </td>
                <td className={`${cellClassName} whitespace-nowrap`}>{format.dateTime(schedule.nextRunAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
