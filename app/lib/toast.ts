import type { ParseKeys } from "i18next";

// A message an action leaves for the next page (docs/product.md, "Toasts"); `message` is a translation key.
export const toastTypes = ["success", "info", "warning", "error", "loading"] as const;
type ToastType = (typeof toastTypes)[number];
/** `message` is a key of the English dictionary: a mistyped one fails the typecheck. */
export type Toast = { id: string; type: ToastType; message: ParseKeys; params?: Record<string, string> };
