import { useEffect, useState } from "react";

/** A pending state shows only after 1000 ms, and then for at least 500 ms: no flicker on fast answers (docs/product.md). */
export const PENDING_DELAY_MS = 1000;
export const PENDING_MIN_MS = 500;

/** True once `active` has lasted PENDING_DELAY_MS, then kept for at least PENDING_MIN_MS. */
export function useDelayedPending(active: boolean): boolean {
  const [shownAt, setShownAt] = useState<number | null>(null);
  useEffect(() => {
    if (active && shownAt === null) {
      const timer = setTimeout(() => setShownAt(Date.now()), PENDING_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (!active && shownAt !== null) {
      const timer = setTimeout(() => setShownAt(null), Math.max(0, shownAt + PENDING_MIN_MS - Date.now()));
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [active, shownAt]);
  return shownAt !== null;
}
