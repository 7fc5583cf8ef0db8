import { useState } from "react";
import { Form, useLocation, useNavigation, useSubmit } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "~/lib/use-hydrated";
import { canCreatePasskeys, createPasskey } from "~/lib/webauthn";

export type PasskeyItem = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/**
 * The account's passkeys (ADR 052): each with its dates, a rename form and a remove form, which work without
 * JavaScript; and adding one, which needs the browser's WebAuthn API, so it says so when JavaScript is off. The forms
 * post to `<account page>/passkeys` (account-passkeys.ts), which comes back here with a toast.
 */
export function PasskeyList({ passkeys }: { passkeys: PasskeyItem[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const action = `${location.pathname.replace(/\/$/, "")}/passkeys`;
  const busy = navigation.state === "submitting" && navigation.formAction === action;

  async function add(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    setProblem(null);
    setAdding(true);
    try {
      const asked = await fetch(action, { method: "POST", body: new URLSearchParams({ intent: "options" }) });
      if (!asked.ok) throw new Error(`options: ${asked.status}`);
      const { options } = await asked.json();
      const credential = await createPasskey(options);
      await submit({ intent: "add", name, credential }, { method: "post", action });
    } catch {
      // Cancelled in the browser's prompt, or a key already on this account: nothing was added.
      setProblem(t("account.passkeys.notCreated"));
    } finally {
      setAdding(false);
    }
  }

  return (
    <section aria-labelledby="passkeys-title" className="flex flex-col gap-3">
      <h2 id="passkeys-title" className="text-lg font-semibold">
        {t("account.passkeys.title")}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.passkeys.description")}</p>
      {passkeys.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.passkeys.none")}</p>
      ) : (
        <ul
          aria-label={t("account.passkeys.title")}
          className="flex flex-col divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
        >
          {passkeys.map((item) => (
            <li key={item.id} className="flex flex-col gap-2 p-3">
              <p className="font-medium">
                <bdi>{item.name}</bdi>
              </p>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {t("account.passkeys.addedOn", { date: format.date(item.createdAt) })}
                {" · "}
                {item.lastUsedAt
                  ? t("account.passkeys.lastUsed", { date: format.date(item.lastUsedAt) })
                  : t("account.passkeys.neverUsed")}
              </p>
              <div className="flex flex-wrap items-end gap-2">
                <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="id" value={item.id} />
                  <Field
                    id={`passkey-${item.id}`}
                    name="name"
                    label={t("account.passkeys.name")}
                    defaultValue={item.name}
                    required
                    maxLength={100}
                    errorId={`passkey-${item.id}-error`}
                  />
                  <Button name="intent" value="rename" variant="secondary" pending={busy}>
                    {t("account.passkeys.rename")}
                  </Button>
                </Form>
                <Form method="post" action={action}>
                  <input type="hidden" name="id" value={item.id} />
                  <Button name="intent" value="remove" variant="danger" pending={busy}>
                    {t("account.passkeys.remove")}
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      {/* Aligned to the top and lowered by the label's line: the field reserves an error line below its input, so
          aligning the bottoms would set the button that much lower than the input. */}
      <Form method="post" action={action} onSubmit={add} className="flex flex-wrap items-start gap-2">
        <Field
          id="passkey-new"
          name="name"
          label={t("account.passkeys.name")}
          required
          maxLength={100}
          errorId="passkey-new-error"
          errors={problem ? [problem] : undefined}
        />
        <Button
          name="intent"
          value="add"
          pending={adding}
          disabled={!hydrated || (hydrated && !canCreatePasskeys())}
          className="mt-6"
        >
          {t("account.passkeys.add")}
        </Button>
      </Form>
      {hydrated ? (
        canCreatePasskeys() ? null : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.passkeys.unsupported")}</p>
        )
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.passkeys.needsJavaScript")}</p>
      )}
    </section>
  );
}
