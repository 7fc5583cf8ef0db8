import { useState } from "react";
import { Form, Link, useNavigation, useRouteLoaderData, useSubmit } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { documentTitle } from "~/lib/meta";
import type { StepUpPrompt } from "~/lib/step-up";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "~/lib/use-hydrated";
import { translateMessage } from "~/lib/validation";
import { canCreatePasskeys, getPasskey } from "~/lib/webauthn";

/** The original form's fields, posted again with the proof: the action then runs as first asked. */
function OriginalFields({ fields }: { fields: StepUpPrompt["fields"] }) {
  return fields.map(([name, value], index) => (
    <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
  ));
}

/**
 * "Confirm it's you" (ADR 053): shown in place of a page whose action cannot be undone, when the session has not
 * proved its person within the last minutes. Plain forms that post to the original action, so it works without
 * JavaScript; a passkey is offered with JavaScript.
 */
export function StepUpForm({ prompt }: { prompt: StepUpPrompt }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submit = useSubmit();
  const root = useRouteLoaderData<Parameters<typeof documentTitle>[1]>("root");
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);
  const busy = navigation.state === "submitting";
  const back = prompt.action.split("?")[0]!;
  const askCode = prompt.way === "second-factor" || prompt.sent;

  async function proveWithPasskey() {
    setPasskeyProblem(null);
    const area = prompt.action.startsWith("/manager") ? "/manager" : "/app";
    try {
      const asked = await fetch(`${area}/account/passkeys`, {
        method: "POST",
        body: new URLSearchParams({ intent: "step-up-options" }),
      });
      if (!asked.ok) throw new Error(`options: ${asked.status}`);
      const { options } = await asked.json();
      const stepUpPasskey = await getPasskey(options);
      const form = new FormData();
      for (const [name, value] of prompt.fields) form.append(name, value);
      form.set("stepUpPasskey", stepUpPasskey);
      await submit(form, { method: "post", action: prompt.action });
    } catch {
      setPasskeyProblem(t("stepUp.passkeyCancelled"));
    }
  }

  return (
    <section aria-labelledby="step-up-title" className="flex max-w-md flex-col gap-4">
      {/* In place of the page, whose meta has no loader data to title it (app/lib/meta.ts): titled like an error page. */}
      <title>{documentTitle(t("stepUp.title"), root)}</title>
      <h1 id="step-up-title" className="text-2xl font-semibold">
        {t("stepUp.title")}
      </h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {prompt.way === "second-factor"
          ? t("stepUp.secondFactorText")
          : prompt.sent
            ? t("stepUp.codeSent", { email: prompt.email })
            : t("stepUp.emailText", { email: prompt.email })}
      </p>
      {prompt.error ? <Alert tone="error">{translateMessage(t, prompt.error)}</Alert> : null}
      {passkeyProblem ? <Alert tone="error">{passkeyProblem}</Alert> : null}
      {askCode ? (
        <Form method="post" action={prompt.action} className="flex flex-col gap-2">
          <OriginalFields fields={prompt.fields} />
          <Field
            id="step-up-code"
            name="stepUpCode"
            dir="ltr"
            autoComplete="one-time-code"
            spellCheck={false}
            required
            maxLength={64}
            // oxlint-disable-next-line jsx-a11y/no-autofocus -- the one thing to do on this page
            autoFocus
            label={prompt.way === "second-factor" ? t("secondFactor.codeLabel") : t("stepUp.emailCodeLabel")}
            errorId="step-up-code-error"
          />
          <Button pending={busy} disabled={busy}>
            {t("stepUp.confirm")}
          </Button>
        </Form>
      ) : null}
      {prompt.way === "email" ? (
        <Form method="post" action={prompt.action}>
          <OriginalFields fields={prompt.fields} />
          <Button name="stepUp" value="send" variant={prompt.sent ? "secondary" : "primary"} disabled={busy}>
            {prompt.sent ? t("stepUp.sendAgain") : t("stepUp.send")}
          </Button>
        </Form>
      ) : null}
      {prompt.passkey && hydrated && canCreatePasskeys() ? (
        <Button type="button" variant="secondary" disabled={busy} onClick={() => void proveWithPasskey()}>
          {t("stepUp.passkey")}
        </Button>
      ) : null}
      <Link to={back} className="text-sm text-brand-600 underline underline-offset-4 dark:text-brand-100">
        {t("stepUp.cancel")}
      </Link>
    </section>
  );
}
