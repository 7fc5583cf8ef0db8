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
