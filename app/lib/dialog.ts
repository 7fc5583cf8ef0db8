/** Dialogs live in the URL (`?modal=name` by default), so they open, submit and close without JavaScript. */
export function dialogHref(
  location: { pathname: string; search: string },
  value: string | null,
  param = "modal",
): string {
  const params = new URLSearchParams(location.search);
  if (value === null) params.delete(param);
  else params.set(param, value);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

/** The params a dialog opens on: `modal` (the default) and `state` (a dialog that another one may open over). */
const DIALOG_PARAMS = ["modal", "state"];

/** Whether the page at these search params shows a dialog (the "Demo Mode" one aside). */
export function hasOpenDialog(params: URLSearchParams): boolean {
  return DIALOG_PARAMS.some((param) => {
    const value = params.get(param);
    return Boolean(value) && !(param === "modal" && value === "demo");
  });
}
