// An organization's settings: its name, slug and logo (owners and admins), and deleting it (owners). The logo's form
// posts to ./picture (picture.ts).
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";

import { getEnv } from "~/.server/platform/env";
import { forbidden, readForm, unknownIntent } from "~/.server/web/http";
import {
  getOrganizationScope,
  organizationCallerOf,
  organizationCan,
  requireOrganizationPermission,
} from "~/.server/web/organization-scope";
import { redirectWithToast } from "~/.server/web/toast";
import { PictureForm } from "~/components/pictures/picture-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClassName } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DialogLink } from "~/components/ui/responsive-dialog";
import { requireRecentVerification } from "~/features/step-up.server";
import { authErrorKey } from "~/lib/auth-errors";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/app-settings";
import { OrganizationForm } from "./components/organization-form";
import { organizationSchema, organizationSlug } from "./entity";
import { deleteOrganization, updateOrganization } from "./organizations.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.organization.name);

export function loader({ context }: Route.LoaderArgs) {
  const scope = getOrganizationScope(context);
  const can = {
    update: organizationCan(scope, { organization: ["update"] }),
    delete: organizationCan(scope, { organization: ["delete"] }),
  };
  // A member (who may do neither) has nothing to see here.
  if (!can.update && !can.delete) forbidden();
  return {
    organization: {
      name: scope.organization.name,
      slug: scope.organization.slug,
      logo: scope.organization.logo ?? null,
    },
    can,
    pictureMaxBytes: getEnv().UPLOAD_MAX_BYTES,
  };
}

const SLUG_CODES = new Set(["ORGANIZATION_ALREADY_EXISTS", "ORGANIZATION_SLUG_ALREADY_TAKEN"]);

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const caller = organizationCallerOf(request, context);
  if (intent === "update") {
    const scope = requireOrganizationPermission(context, { organization: ["update"] });
    const submission = parseWithZod(formData, { schema: organizationSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const input = { name: submission.value.name, slug: organizationSlug(submission.value) };
    const updated = await updateOrganization(scope, input, caller);
    if (!updated.ok) {
      const error = authErrorKey(updated.code);
      return data(
        {
          result: submission.reply(
            SLUG_CODES.has(updated.code) ? { fieldErrors: { slug: [error] } } : { formErrors: [error] },
          ),
        },
        { status: 400 },
      );
    }
    return redirectWithToast(`/app/organizations/${updated.organization.slug}/settings`, {
      type: "success",
      message: "organizations.settings.saved",
    });
  }
  if (intent === "delete") {
    const scope = requireOrganizationPermission(context, { organization: ["delete"] });
    await requireRecentVerification({ request, context }, formData);
    const deleted = await deleteOrganization(scope, caller);
    if (!deleted.ok)
      return redirectWithToast(`/app/organizations/${scope.organization.slug}/settings`, {
        type: "error",
        message: authErrorKey(deleted.code),
      });
    return redirectWithToast("/app/organizations", {
      type: "success",
      message: "organizations.settings.deleted",
      params: { name: scope.organization.name },
    });
  }
  return unknownIntent();
}

export default function OrganizationSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { organization, can } = loaderData;
  return (
    <div className="flex flex-col gap-8">
      {can.update ? (
        <section aria-labelledby="organization-settings" className="flex flex-col gap-3">
          <h2 id="organization-settings" className="text-lg font-semibold">
            {t("organizations.tabSettings")}
          </h2>
          <OrganizationForm
            result={actionData?.result}
            defaultValue={organization}
            intent="update"
            submitLabel={t("organizations.settings.save")}
            slugNote={t("organizations.settings.slugNote")}
          />
        </section>
      ) : null}
      {can.update ? (
        <PictureForm
          action={`/app/organizations/${organization.slug}/picture`}
          title={t("pictures.logoTitle")}
          name={organization.name}
          image={organization.logo}
          square
          maxBytes={loaderData.pictureMaxBytes}
        />
      ) : null}
      {can.delete ? (
        <section aria-labelledby="delete-organization" className="flex flex-col gap-3">
          <h2 id="delete-organization" className="text-lg font-semibold">
            {t("organizations.settings.deleteTitle")}
          </h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("organizations.settings.deleteText")}</p>
          <div>
            <DialogLink name="delete-organization" className={buttonClassName("danger")}>
              {t("organizations.settings.deleteTitle")}
            </DialogLink>
          </div>
          <ConfirmDialog
            name="delete-organization"
            description={t("organizations.settings.deleteDescription", { name: organization.name })}
            fields={{ intent: "delete" }}
          />
        </section>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
