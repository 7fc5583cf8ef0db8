// The background jobs for an administrator (ADR 046): counts per kind and state, the failed jobs with their last error
// (retry or discard, each confirmed and audited), and the schedules' last and next run. Works without JavaScript.
import { auditActorOf } from "~/.server/web/caller";
import { requirePermission, userCan } from "~/.server/web/guards";
import { readForm, unknownIntent } from "~/.server/web/http";
import { getInstance } from "~/.server/web/i18n";
import { redirectWithToast } from "~/.server/web/toast";
import { PageHeader } from "~/components/layout/page-header";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/manager-jobs";
import { FailedJobs, JobCounts, JobSchedules } from "./components/jobs-overview";
import { discardJob, getJobsOverview, retryJob } from "./jobs.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = requirePermission({ request, context }, { job: ["list"] });
  return {
    title: getInstance(context).t("jobs.title"),
    overview: await getJobsOverview(),
    canUpdate: userCan(me, { job: ["update"] }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requirePermission({ request, context }, { job: ["update"] });
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const jobId = formData.get("jobId");
  if ((intent !== "retry" && intent !== "discard") || typeof jobId !== "string" || jobId.length > 200)
    return unknownIntent();
  const by = auditActorOf(request, context);
  const done = intent === "retry" ? await retryJob(jobId, by) : await discardJob(jobId, by);
  if (!done) return redirectWithToast("/manager/jobs", { type: "error", message: "jobs.notFound" });
  return redirectWithToast("/manager/jobs", {
    type: "success",
    message: intent === "retry" ? "jobs.retried" : "jobs.discarded",
  });
}

export default function ManagerJobs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { overview } = loaderData;
  return (
    <section className="flex flex-col gap-8">
      <PageHeader title={t("jobs.title")} description={t("jobs.description")} />
      <JobCounts kinds={overview.kinds} />
      <FailedJobs failed={overview.failed} canUpdate={loaderData.canUpdate} />
      <JobSchedules schedules={overview.schedules} />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
