import { Fragment } from "react";
import { Form, useLocation, useNavigate } from "react-router";

import { dialogHref } from "~/lib/dialog";
import { useTranslation } from "~/lib/translation";
import { PRODUCT } from "~/locales/product";
import { ResponsiveDialog } from "./ui/responsive-dialog";

/** The "Demo Mode" dialog (docs/product.md): opened by a refused action, or by anything through useDemoModal(). */
export function DemoModeDialog() {
  const { t } = useTranslation();
  return (
    <ResponsiveDialog name="demo" title={t("demo.modalTitle")}>
      <p>{t("demo.modalText")}</p>
    </ResponsiveDialog>
  );
}

/** The global open flag: any component can open the demo dialog (it is URL state, so it also survives a reload). */
export function useDemoModal() {
  const location = useLocation();
  const navigate = useNavigate();
  return () => void navigate(dialogHref(location, "demo"), { preventScrollReset: true });
}

/**
 * The command's words, "&&" kept with the command it starts: each is a box a line breaks around, never inside (a
 * hyphen in "my-app" is no place to break a command), unless one word is longer than the whole line. Plain spaces
 * between them, so the command copies as it reads.
 */
const commandWords = PRODUCT.copyCommand
  .split(" ")
  .reduce<string[]>(
    (words, word) => (words.at(-1) === "&&" ? [...words.slice(0, -1), `&& ${word}`] : [...words, word]),
    [],
  );

/**
 * The notice on every page of a demo: how to get your own copy, the README, the makers (a mailto: link), and Hide, a
 * plain form that puts it away for the visit (a session cookie), JavaScript or not.
 */
export function DemoNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  // The makers' line with the address as a link, wherever the language puts it.
  const [beforeEmail = "", afterEmail = ""] = t("demo.noticeMakers", { email: "\u0000" }).split("\u0000");
  return (
    <aside
      aria-label={t("demo.noticeTitle")}
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-5xl items-start gap-4">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-4 gap-y-1">
          <strong>{t("demo.noticeTitle")}</strong>
          <span>
            {t("demo.noticeText")}{" "}
            <code dir="ltr" className="rounded bg-amber-100 px-1 dark:bg-amber-900">
              {commandWords.map((word, index) => (
                <Fragment key={word + String(index)}>
                  {index > 0 ? " " : null}
                  <span className="inline-block max-w-full [overflow-wrap:anywhere]">{word}</span>
                </Fragment>
              ))}
            </code>
          </span>
          <a href={PRODUCT.readmeUrl} className="underline">
            {t("demo.noticeReadme")}
          </a>
          <span>
            {beforeEmail}
            <a href={`mailto:${PRODUCT.contactEmail}`} dir="ltr" className="underline">
              {PRODUCT.contactEmail}
            </a>
            {afterEmail}
          </span>
        </div>
        <Form method="post" action="/preferences" className="shrink-0">
          <input type="hidden" name="intent" value="hide-demo-notice" />
          <input type="hidden" name="redirect" value={`${location.pathname}${location.search}`} />
          <button
            type="submit"
            className="min-h-8 rounded-md px-2 font-medium underline underline-offset-4 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-current dark:hover:bg-amber-900"
          >
            {t("demo.noticeHide")}
          </button>
        </Form>
      </div>
    </aside>
  );
}
