// "Download my data" of both account pages (/app/account/data, /manager/account/data; the area layouts guard it): the
// user's profile, sessions (never a token) and audit entries as a JSON attachment (account.server.ts),
// with no one else's address, e-mail or browser.
import { requirePermission } from "~/.server/web/guards";
import { notFound } from "~/.server/web/http";
import { getInstance } from "~/.server/web/i18n";
import { getSession } from "~/.server/web/session";
import { PRODUCT } from "~/locales/product";
import type { Route } from "./+types/account-data";
import { exportAccountData } from "./account.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission({ request, context }, { account: ["read"] });
  const now = new Date();
  const { t } = getInstance(context);
  // Someone else who acted on the user is named by their part, in the user's language (ADR 015).
  const labels = {
    administrator: t("account.exportAdministrator"),
    organizationAdministrator: t("account.exportOrganizationAdministrator"),
  };
  const exported = (await exportAccountData(user.id, getSession(context)?.session.id, labels, now)) ?? notFound();
  const filename = `${PRODUCT.name.toLowerCase()}-account-${now.toISOString().slice(0, 10)}.json`;
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
