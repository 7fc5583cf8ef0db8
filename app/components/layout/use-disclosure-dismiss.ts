import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * What JavaScript adds to a `<details>` menu (it opens and closes without it): Escape and a click outside close it,
 * Escape gives focus back to its summary, and a client-side navigation closes it as a page load would.
 */
export function useDisclosureDismiss() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    if (ref.current) ref.current.open = false;
  }, [key]);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = (focusSummary: boolean) => {
      details.open = false;
      if (focusSummary) details.querySelector("summary")?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      // Escape inside the menu, or anywhere while focus is not in another widget that handles it (e.g. a dialog).
      if (!details.contains(document.activeElement) && document.activeElement !== document.body) return;
      event.preventDefault();
      close(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) close(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, []);
  return ref;
}
