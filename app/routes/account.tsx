// The account page of both areas (/app/account, /manager/account): one module, registered under each area, whose
// layout guards it (routes.ts).
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";

import { revokeOtherOwnSessions } from "~/.server/features/sessions";
import { updateName } from "~/.server/features/users";
import { auditActorOf } from "~/.server/web/caller";
import { isAdminUser, requirePermission } from "~/.server/web/guards";
import { readForm, unknownIntent } from "~/.server/web/http";
import { getInstance } from "~/.server/web/i18n";
import { redirectWithToast } from "~/.server/web/toast";
import { AccountPage } from "~/components/account/account-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { pageTitle } from "~/lib/meta";
import { changeNameSchema } from "~/lib/schemas/account";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission({ request, context }, { account: ["read"] });
  return {
    title: getInstance(context).t("account.pageTitle"),
    user: { email: user.email, name: user.name, admin: isAdminUser(user), createdAt: user.createdAt.toISOString() },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission({ request, context }, { account: ["update"] });
  const formData = await readForm(request);
  const here = new URL(request.url).pathname.replace(/\.data$/, "");
  switch (formData.get("intent")) {
    case "change-name": {
      const submission = parseWithZod(formData, { schema: changeNameSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      await updateName(user.id, submission.value.name);
      return redirectWithToast(here, { type: "success", message: "account.nameUpdated" });
    }
    case "sign-out-others": {
      await revokeOtherOwnSessions(user, { headers: request.headers, actor: auditActorOf(request, context) });
      return redirectWithToast(here, { type: "success", message: "account.otherSessionsRevoked" });
    }
    default:
      return unknownIntent();
  }
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountPage user={loaderData.user} result={actionData?.result} />;
}

export const ErrorBoundary = RouteErrorBoundary;
