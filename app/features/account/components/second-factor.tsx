import { Form, Link, useLocation } from "react-router";

import { Button, buttonClassName } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useTranslation } from "~/lib/translation";

/**
 * The second factor on the account page (ADR 052): off, a link to set up an authenticator app; on, how many recovery
 * codes are left and a form to turn it off with a current code, which is the step-up that turning it off asks for
 * (ADR 053). Both work without JavaScript.
 */
export function SecondFactorSection({ enabled, recoveryCodesLeft }: { enabled: boolean; recoveryCodesLeft: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const page = `${location.pathname.replace(/\/$/, "")}/second-factor`;
  return (
    <section aria-labelledby="second-factor-title" className="flex flex-col items-start gap-3">
      <h2 id="second-factor-title" className="text-lg font-semibold">
        {t("secondFactor.title")}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {enabled ? t("secondFactor.on", { count: recoveryCodesLeft }) : t("secondFactor.off")}
      </p>
      {enabled ? (
        <Form method="post" action={page} className="flex flex-wrap items-end gap-2">
          <Field
            id="second-factor-off-code"
            name="stepUpCode"
            dir="ltr"
            autoComplete="one-time-code"
            label={t("secondFactor.codeLabel")}
            required
            maxLength={40}
            errorId="second-factor-off-error"
          />
          <Button name="intent" value="disable" variant="danger">
            {t("secondFactor.turnOff")}
          </Button>
        </Form>
      ) : (
        <Link to={page} className={buttonClassName("secondary")}>
          {t("secondFactor.setUp")}
        </Link>
      )}
    </section>
  );
}
