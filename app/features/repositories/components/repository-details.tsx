import type { RepositoryView as Repository } from "~/features/repositories/entity";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { RepositoryLink } from "./repository-link";

/** A repository's fields and dates, in the page's language. */
export function RepositoryDetails({ repository }: { repository: Repository }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-zinc-200 p-4 sm:grid-cols-[max-content_minmax(0,1fr)] dark:border-zinc-800">
        <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("repositories.name")}</dt>
        <dd className="min-w-0 break-words">
          <bdi>{repository.name}</bdi>
        </dd>
        <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("repositories.link")}</dt>
        <dd className="min-w-0">
          <RepositoryLink link={repository.link} />
        </dd>
        <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("repositories.descriptionLabel")}</dt>
        <dd className="min-w-0 whitespace-pre-line [overflow-wrap:anywhere]" dir="auto">
          {repository.description || t("repositories.noDescription")}
        </dd>
      </dl>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {t("repositories.createdAt", { date: format.dateTime(repository.createdAt) })} ·{" "}
        {t("repositories.updatedAt", { date: format.dateTime(repository.updatedAt) })}
      </p>
    </div>
  );
}
