import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast as showToast, Toaster as SonnerToaster } from "sonner";

import type { Toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * Toasts (docs/product.md): top-right, 3 visible, 4000 ms, pause on hover/focus/hidden tab (sonner's own), a close
 * button, Alt+T to reach them. Without JavaScript the flash message renders as a status region instead.
 */
export function Toaster({
  flash,
  dir,
  theme,
}: {
  flash: Toast | null;
  dir: "ltr" | "rtl";
  theme: "light" | "dark" | "system";
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  useEffect(() => {
    if (!flash) return;
    const text = t(flash.message, flash.params);
    const options = { id: flash.id };
    if (flash.type === "loading") showToast.loading(text, options);
    else showToast[flash.type](text, options);
  }, [flash, t]);

  if (!hydrated) {
    return flash ? (
      <div
        role="status"
        className="fixed end-4 top-4 z-50 max-w-sm rounded-md border border-zinc-200 bg-white px-4 py-3 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      >
        {t(flash.message, flash.params)}
      </div>
    ) : null;
  }
  return (
    <SonnerToaster
      position="top-right"
      visibleToasts={3}
      duration={4000}
      gap={14}
      closeButton
      dir={dir}
      theme={theme}
      hotkey={["altKey", "KeyT"]}
      containerAriaLabel={t("common.notifications")}
      toastOptions={{ closeButtonAriaLabel: t("ui.close") }}
    />
  );
}
