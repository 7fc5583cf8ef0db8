// The organizations I belong to, with my role, and the form that creates one (docs/product.md, "Organizations").
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";

import { requireUser } from "~/.server/web/guards";
import { readForm, unknownIntent } from "~/.server/web/http";
import { getInstance } from "~/.server/web/i18n";
import { organizationCallerOf } from "~/.server/web/organization-scope";
import { getSession } from "~/.server/web/session";
import { redirectWithToast } from "~/.server/web/toast";
import { Avatar } from "~/components/layout/avatar";
import { PageHeader } from "~/components/layout/page-header";
import { RoleBadge } from "~/components/organizations/role-badge";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Badge } from "~/components/ui/badge";
import { buttonClassName } from "~/components/ui/button";
import { Building2, CircleCheck, Plus } from "~/components/ui/icons";
import { authErrorKey } from "~/lib/auth-errors";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/app-list";
import { OrganizationForm } from "./components/organization-form";
import { organizationSchema, organizationSlug } from "./entity";
import {
  createOrganization,
  listMyOrganizations,
  organizationLimits,
  settleActiveOrganization,
} from "./organizations.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  const organizations = await listMyOrganizations(user.id);
  const session = getSession(context)?.session;
  return {
    title: getInstance(context).t("organizations.title"),
    organizations,
    // The same order as the layout's switcher, so both settle on the same organization (loaders run side by side).
    activeId: session ? await settleActiveOrganization(session.id, session.activeOrganizationId, organizations) : null,
    limit: organizationLimits().organizationsPerUser,
  };
}

/** A slug in use is the slug field's error; every other refusal (the limit...) is the form's. */
const SLUG_CODES = new Set(["ORGANIZATION_ALREADY_EXISTS", "ORGANIZATION_SLUG_ALREADY_TAKEN"]);

export async function action({ request, context }: Route.ActionArgs) {
  requireUser({ request, context });
  const formData = await readForm(request);
  if (formData.get("intent") !== "create") return unknownIntent();
  const submission = parseWithZod(formData, { schema: organizationSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const input = { name: submission.value.name, slug: organizationSlug(submission.value) };
  const created = await createOrganization(input, organizationCallerOf(request, context));
  if (!created.ok) {
    const error = authErrorKey(created.code);
    return data(
      {
        result: submission.reply(
          SLUG_CODES.has(created.code) ? { fieldErrors: { slug: [error] } } : { formErrors: [error] },
        ),
      },
      { status: 400 },
    );
  }
  return redirectWithToast(`/app/organizations/${created.organization.slug}`, {
    type: "success",
    message: "organizations.createdToast",
    params: { name: created.organization.name },
  });
}

export default function Organizations({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { organizations, activeId } = loaderData;
  return (
    <section className="flex flex-col gap-8">
      <PageHeader title={t("organizations.title")} description={t("organizations.description")} />
      {organizations.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-md border border-dashed border-zinc-300 px-4 py-10 text-center dark:border-zinc-700">
          <span
            aria-hidden="true"
            className="inline-flex size-10 items-center justify-center rounded-full bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300"
          >
            <Building2 className="size-5" />
          </span>
          <p className="font-medium">{t("organizations.none")}</p>
          <p className="max-w-prose text-sm text-zinc-600 dark:text-zinc-400">{t("organizations.noneText")}</p>
          <a href="#create-organization" className={`mt-2 ${buttonClassName("primary")}`}>
            <Plus aria-hidden="true" className="size-4" />
            {t("organizations.create")}
          </a>
        </div>
      ) : (
        <ul
          aria-label={t("organizations.listLabel")}
          className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800"
        >
          {organizations.map((organization) => (
            <li key={organization.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 items-start gap-3">
                {organization.logo ? (
                  <Avatar name={organization.name} image={organization.logo} square className="mt-0.5 size-9 text-xs" />
                ) : (
                  <span
                    aria-hidden="true"
                    className="mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-md bg-brand-50 text-brand-700 dark:bg-zinc-800 dark:text-brand-100"
                  >
                    <Building2 className="size-5" />
                  </span>
                )}
                <div className="flex min-w-0 flex-col">
                  <Link
                    to={`/app/organizations/${organization.slug}`}
                    className="font-medium [overflow-wrap:anywhere] text-brand-700 underline underline-offset-4 hover:decoration-2 dark:text-brand-100"
                  >
                    <bdi>{organization.name}</bdi>
                  </Link>
                  <span className="text-sm text-zinc-700 dark:text-zinc-300">
                    {t("organizations.membersOf", { count: organization.members })}
                  </span>
                </div>
              </div>
              <div className="flex items-center gap-2">
                {organization.id === activeId ? (
                  <Badge tone="success" icon={<CircleCheck />}>
                    {t("organizations.active")}
                  </Badge>
                ) : null}
                <RoleBadge role={organization.role} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="create-organization" className="flex flex-col gap-3">
        <h2 id="create-organization" className="text-lg font-semibold">
          {t("organizations.create")}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {t("organizations.createDescription", { limit: loaderData.limit })}
        </p>
        <OrganizationForm result={actionData?.result} intent="create" submitLabel={t("organizations.create")} />
      </section>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
