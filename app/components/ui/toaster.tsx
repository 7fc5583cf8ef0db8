import type { ParseKeys } from "i18next";
import { useEffect } from "react";
import { toast as showToast, Toaster as SonnerToaster } from "sonner";

import type { Toast } from "~/lib/toast";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "~/lib/use-hydrated";
import { CircleCheck, CircleX, Info, LoaderCircle, TriangleAlert, X, type Icon } from "./icons";

// Each type has its own icon and colour, and its name for screen readers: never colour alone.
const flashLooks: Record<Toast["type"], { label: ParseKeys; icon: Icon; className: string }> = {
  success: {
    label: "shell.toast.success",
    icon: CircleCheck,
    className: "border-green-300 bg-green-50 text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-50",
  },
  info: {
    label: "shell.toast.info",
    icon: Info,
    className: "border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-50",
  },
  warning: {
    label: "shell.toast.warning",
    icon: TriangleAlert,
    className: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50",
  },
  error: {
    label: "shell.toast.error",
    icon: CircleX,
    className: "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50",
  },
  loading: {
    label: "shell.toast.loading",
    icon: LoaderCircle,
    className: "border-zinc-300 bg-zinc-50 text-zinc-950 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-50",
  },
};

/**
 * The flash without JavaScript: a strip in the page's flow above the header (never over its controls), whose Close
 * is the summary of an open `<details>`: closing it hides the whole strip, no script needed.
 */
function FlashMessage({ flash }: { flash: Toast }) {
  const { t } = useTranslation();
  const { label, icon: Icon, className } = flashLooks[flash.type];
  return (
    <div data-flash={flash.type} className={`border-b has-[details:not([open])]:hidden ${className}`}>
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2 text-sm">
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        <p role="status" className="min-w-0 flex-1 font-medium">
          <span className="sr-only">{t(label)}: </span>
          {t(flash.message, flash.params)}
        </p>
        <details open>
          <summary className="flex size-9 cursor-pointer list-none items-center justify-center rounded-md hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-current dark:hover:bg-white/10 [&::-webkit-details-marker]:hidden">
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">{t("ui.close")}</span>
          </summary>
        </details>
      </div>
    </div>
  );
}

/**
 * Toasts (docs/product.md): top-right, 3 visible, 4000 ms, pause on hover/focus/hidden tab (sonner's own), a close
 * button, Alt+T to reach them, an icon and a colour per type. Without JavaScript the flash message renders as a
 * status strip in the flow instead (FlashMessage).
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
    return flash ? <FlashMessage flash={flash} /> : null;
  }
  return (
    <SonnerToaster
      position="top-right"
      // Below the header (64 px high): at sonner's own 24 px a toast covered the account menu, and a pointer resting
      // on the toast keeps it open, so the menu could not be reached until the toast was closed.
      offset={{ top: 80 }}
      mobileOffset={{ top: 80 }}
      visibleToasts={3}
      duration={4000}
      gap={14}
      closeButton
      richColors
      dir={dir}
      theme={theme}
      hotkey={["altKey", "KeyT"]}
      containerAriaLabel={t("common.notifications")}
      toastOptions={{ closeButtonAriaLabel: t("ui.close") }}
    />
  );
}
