import { useLocation, useNavigate } from "react-router";

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

/** The notice on every page of a demo: how to get your own copy, the README, the makers. */
export function DemoNotice() {
  const { t } = useTranslation();
  return (
    <aside
      aria-label={t("demo.noticeTitle")}
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-1">
        <strong>{t("demo.noticeTitle")}</strong>
        <span>
          {t("demo.noticeText")}{" "}
          <code dir="ltr" className="rounded bg-amber-100 px-1 break-all dark:bg-amber-900">
            {PRODUCT.copyCommand}
          </code>
        </span>
        <a href={PRODUCT.readmeUrl} className="underline">
          {t("demo.noticeReadme")}
        </a>
        <span>{t("demo.noticeMakers", { email: PRODUCT.contactEmail })}</span>
      </div>
    </aside>
  );
}
