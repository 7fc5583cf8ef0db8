import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";

// Spec section 2: show a pending state only after 1000 ms, and then for at least 500 ms (no flicker).
export const PENDING_DELAY_MS = 1000;
export const PENDING_MIN_MS = 500;

export function NavigationProgress() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [shownAt, setShownAt] = useState<number | null>(null);

  useEffect(() => {
    if (busy && shownAt === null) {
      const timer = setTimeout(() => setShownAt(Date.now()), PENDING_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (!busy && shownAt !== null) {
      const timer = setTimeout(() => setShownAt(null), Math.max(0, PENDING_MIN_MS - (Date.now() - shownAt)));
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [busy, shownAt]);

  if (shownAt === null) return null;
  return (
    <div role="status" aria-live="polite" className="fixed inset-x-0 top-0 z-50">
      <div className="h-1 w-full animate-pulse bg-brand-500" />
      <span className="sr-only">{t("ui.pending")}</span>
    </div>
  );
}
