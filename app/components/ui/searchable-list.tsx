import type { ReactNode } from "react";

import type { ListData } from "~/lib/list-params";
import { DataList, type DataColumn, type EmptyState } from "./data-list";
import { SearchInput } from "./search-input";

/**
 * A list page's body: the search box (with an optional hint), then the list with its states and "Load more": a
 * table on wide screens and cards on phones when it has `columns`, else a list of `renderItem`.
 */
export function SearchableList<T>({
  data,
  label,
  hint,
  controls,
  empty,
  getKey,
  columns,
  renderItem,
}: {
  data: ListData<T>;
  label: string;
  hint?: string;
  controls?: ReactNode;
  empty?: EmptyState;
  getKey: (item: T) => string;
  columns?: DataColumn<T>[];
  renderItem?: (item: T) => ReactNode;
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
        error={data.listError}
        isFirstPage={data.isFirstPage}
        firstPageHref={data.firstPageHref}
        empty={empty}
        getKey={getKey}
        columns={columns}
        renderItem={renderItem}
      />
    </div>
  );
}
