// The e-mail previews, in development only (docs/architecture.md, "E-mails"): /dev/emails lists the templates,
// /dev/emails/:template?lng=ar shows one with sample data, its HTML in a sandboxed frame and its text part. Anywhere
// else (production, tests) the URL does not exist: 404.
import { Link } from "react-router";

import { getEnv } from "~/.server/platform/env";
import { notFound } from "~/.server/web/http";
import { getInstance } from "~/.server/web/i18n";
import { isLanguage, languageNames, languages } from "~/lib/i18n";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/dev-emails";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (getEnv().NODE_ENV !== "development") notFound();
  const { previewEmail, previewTemplates } = await import("~/.server/platform/email/preview");
  const lng = new URL(request.url).searchParams.get("lng");
  const language = isLanguage(lng) ? lng : "en";
  const email = params.template ? await previewEmail(params.template, language) : undefined;
  if (email === null) notFound();
  return { title: getInstance(context).t("email.preview.title"), templates: previewTemplates, language, email };
}

export default function DevEmails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { templates, language, email } = loaderData;
  return (
    <main className="mx-auto max-w-5xl space-y-6 p-6">
      <h1 className="text-2xl font-semibold">{t("email.preview.title")}</h1>
      <ul className="space-y-1">
        {templates.map((template) => (
          <li key={template} className="flex flex-wrap gap-3">
            <code>{template}</code>
            {languages.map((lng) => (
              <Link key={lng} to={`/dev/emails/${template}?lng=${lng}`} className="underline" lang={lng}>
                {languageNames[lng]}
              </Link>
            ))}
          </li>
        ))}
      </ul>
      {email ? (
        <section className="space-y-4" lang={language}>
          <h2 className="text-xl font-semibold">
            {t("email.preview.subject")}: <span>{email.subject}</span>
          </h2>
          <h3 className="font-semibold">{t("email.preview.html")}</h3>
          <iframe
            title={t("email.preview.html")}
            srcDoc={email.html}
            sandbox=""
            className="h-[640px] w-full rounded border bg-white"
          />
          <h3 className="font-semibold">{t("email.preview.text")}</h3>
          <pre className="rounded border p-4 whitespace-pre-wrap" dir="auto">
            {email.text}
          </pre>
        </section>
      ) : null}
    </main>
  );
}
