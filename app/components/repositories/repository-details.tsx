import { useTranslation } from "react-i18next";

import type { RepositoryView as Repository } from "~/lib/schemas/repository";
import { RepositoryLink } from "./repository-link";

/** A repository's fields and dates, in the page's language. */
export function RepositoryDetails({ repository }: { repository: Repository }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeStyle: "short" });
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-zinc-200 p-4 sm:grid-cols-[max-content_1fr] dark:border-zinc-800">
        <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("repositories.name")}</dt>
        <dd>
          <bdi>{repository.name}</bdi>
        </dd>
        <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("repositories.link")}</dt>
        <dd>
          <RepositoryLink link={repository.link} />
        </dd>
        <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("repositories.descriptionLabel")}</dt>
        <dd className="whitespace-pre-line" dir="auto">
          {repository.description || t("repositories.noDescription")}
        </dd>
      </dl>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {t("repositories.createdAt", { date: date.format(new Date(repository.createdAt)) })} ·{" "}
        {t("repositories.updatedAt", { date: date.format(new Date(repository.updatedAt)) })}
      </p>
    </div>
  );
}
