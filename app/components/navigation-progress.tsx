import { useNavigation } from "react-router";

import { useTranslation } from "~/lib/translation";
import { useDelayedPending } from "~/lib/use-delayed-pending";

export function NavigationProgress() {
  const { t } = useTranslation();
  const shown = useDelayedPending(useNavigation().state !== "idle");
  if (!shown) return null;
  return (
    <div role="status" aria-live="polite" className="fixed inset-x-0 top-0 z-50">
      <div className="h-1 w-full animate-pulse bg-brand-500" />
      <span className="sr-only">{t("ui.pending")}</span>
    </div>
  );
}
