import { data, redirect } from "react-router";

import { demoNoticeCookie } from "~/.server/web/demo-mode";
import { readForm } from "~/.server/web/http";
import { languageCookie } from "~/.server/web/i18n";
import { themeCookie, themes, type Theme } from "~/.server/web/theme";
import { isLanguage } from "~/lib/i18n";
import { safeRedirect } from "~/lib/redirect";
import type { Route } from "./+types/preferences";

/** Back to the page the form was on, without a ?lng= that would override the new choice. */
function backTo(value: FormDataEntryValue | null): string {
  const url = new URL(safeRedirect(value) || "/", "http://groundwork.invalid");
  url.searchParams.delete("lng");
  return `${url.pathname}${url.search}${url.hash}`;
}

// Language and theme, and putting the demo notice away for the visit: plain forms from every page, allowed in demo
// mode. No session needed.
export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const to = backTo(formData.get("redirect"));
  switch (formData.get("intent")) {
    case "language": {
      const language = formData.get("language");
      if (!isLanguage(language)) return data({ error: "language" }, { status: 400 });
      return redirect(to, { headers: { "Set-Cookie": await languageCookie.serialize(language) } });
    }
    case "theme": {
      const theme = formData.get("theme");
      if (!themes.includes(theme as Theme)) return data({ error: "theme" }, { status: 400 });
      return redirect(to, { headers: { "Set-Cookie": await themeCookie.serialize(theme) } });
    }
    case "hide-demo-notice":
      return redirect(to, { headers: { "Set-Cookie": await demoNoticeCookie.serialize("hidden") } });
    default:
      return data({ error: "intent" }, { status: 400 });
  }
}

export function loader() {
  return redirect("/");
}
