import type { ReactNode } from "react";

import type { ListData } from "~/lib/list-params";
import { DataList } from "./data-list";
import { SearchInput } from "./search-input";

/**
 * A list page's body: the search box (with an optional hint), the list's own controls when it has some (its sort
 * links), then the list with its states and "Load more".
 */
export function SearchableList<T>({
  data,
  label,
  hint,
  controls,
  getKey,
  renderItem,
}: {
  data: ListData<T>;
  label: string;
  hint?: string;
  controls?: ReactNode;
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <SearchInput defaultValue={data.searchTerm} />
        {hint ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{hint}</p> : null}
      </div>
      {controls}
      <DataList
        page={data.page}
        label={label}
        searchTerm={data.searchTerm}
        isFirstPage={data.isFirstPage}
        firstPageHref={data.firstPageHref}
        getKey={getKey}
        renderItem={renderItem}
      />
    </div>
  );
}
