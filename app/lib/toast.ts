// A message an action leaves for the next page (spec section 2, "Toasts"); `message` is a translation key.
export const toastTypes = ["success", "info", "warning", "error", "loading"] as const;
export type ToastType = (typeof toastTypes)[number];
export type Toast = { id: string; type: ToastType; message: string; params?: Record<string, string> };
