import { Form } from "react-router";

import { useTranslation } from "~/lib/translation";
import { Button } from "./ui/button";
import { WithUserText } from "./users/user-text";

/**
 * On every page while an admin impersonates someone: who they are acting as, and the way back (a plain form, so it
 * works without JavaScript), which ends the impersonation and returns them to that user's page in /manager. The button
 * sits beside the sentence, at the start: a toast without JavaScript stays in the top end corner and would cover it.
 */
export function ImpersonationBanner({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="region"
      aria-label={t("impersonation.label")}
      className="border-b border-amber-300 bg-amber-100 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <p className="font-medium">
          <WithUserText sentence={(person) => t("impersonation.banner", { name: person })} value={name} />
        </p>
        <Form method="post" action="/impersonation/stop">
          <Button variant="secondary">{t("impersonation.stop")}</Button>
        </Form>
      </div>
    </div>
  );
}
