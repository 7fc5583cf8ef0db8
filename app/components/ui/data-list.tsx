// The table's roles are explicit on purpose: on phones its elements are restyled as blocks (cards), and Safari and
// Firefox then drop a table's implicit semantics; the roles keep it a table for screen readers at every width.
// The table's row, cells, headers and row link are drawn by the `data-list-*` utilities (app.css, ADR 035): written
// once per row, they would otherwise make up most of a list page's HTML.
/* oxlint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useFetcher, useLocation, useNavigation, useRevalidator } from "react-router";

import { useTranslation } from "~/lib/translation";
import { useDelayedPending } from "~/lib/use-delayed-pending";
import { useHydrated } from "~/lib/use-hydrated";
import { Button, buttonClassName, Spinner } from "./button";
import { ArrowDown, ArrowUp, ChevronsUpDown, Inbox, SearchX, TriangleAlert } from "./icons";

/** One page of a list as a loader returns it: the items, and the URL of the next page when there is one. */
export type ListPage<T> = { items: T[]; nextHref: string | null };

/**
 * One column of a list shown as a table (cards on phones). The `primary` column holds the item's link: its whole
 * card (or row) is then the link's target, and on a phone it is the card's title; the other cells show their
 * header as a label on a phone.
 */
export type DataColumn<T> = {
  key: string;
  header: string;
  renderCell: (item: T) => ReactNode;
  primary?: boolean;
  /** When the list sorts by this column: the link that sorts by it, and the current direction (null: not sorted). */
  sort?: { href: string; direction: "asc" | "desc" | null };
  /** Extra classes for the column's cells (alignment, width). */
  className?: string;
};

/** What an empty list says (no search): an icon, a title, a line, and the next step when the person may take it. */
export type EmptyState = { icon?: ReactNode; title: string; text?: string; action?: ReactNode };

type DataListProps<T> = {
  page: ListPage<T>;
  getKey: (item: T) => string;
  /** Either an item rendered as a whole (a list of cards), or columns (a table on wide screens, cards on phones). */
  renderItem?: (item: T) => ReactNode;
  columns?: DataColumn<T>[];
  /** The empty state without a search; without it, "Nothing here yet." */
  empty?: EmptyState;
  /** The term the page was searched for: an empty page then reads "No results for ...". */
  searchTerm?: string;
  /** The accessible name of the list. */
  label: string;
  /** The loader could not read the list: show the error state with a retry. */
  error?: boolean;
  /** Where the ListPage sits in the loader data of `nextHref` (with JavaScript, "Load more" fetches it). */
  pageKey?: string;
  /** False when the server rendered a later page (no-JS "Load more"): offer a way back to the first page. */
  isFirstPage?: boolean;
  firstPageHref?: string;
};

/** What the list shows beyond the server's page: the pages "Load more" fetched for that same page. */
type Shown<T> = {
  page: ListPage<T>;
  data: unknown;
  items: T[];
  nextHref: string | null;
  requestedFor: ListPage<T> | null;
  /** Index of the first appended item, which gets the focus (the "Load more" button may be gone). */
  focusFrom: number | null;
  /** The last "Load more" found the list unreadable (its loader's `listError`): said beside the button, kept. */
  moreFailed: boolean;
};

/**
 * A list with explicit states (docs/product.md, "Data list"): error with retry, empty, no results, loading, and
 * "Load more". Without JavaScript "Load more" is a link to the next page; with it, the next page is appended.
 */
export function DataList<T>({
  page,
  getKey,
  renderItem,
  columns,
  empty,
  searchTerm = "",
  label,
  error = false,
  pageKey = "page",
  isFirstPage,
  firstPageHref,
}: DataListProps<T>) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const location = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const fetcher = useFetcher<Record<string, ListPage<T> | boolean | undefined>>();
  const [shown, setShown] = useState<Shown<T>>(() => ({
    page,
    data: fetcher.data,
    items: page.items,
    nextHref: page.nextHref,
    requestedFor: null,
    focusFrom: null,
    moreFailed: false,
  }));
  const listRef = useRef<HTMLUListElement & HTMLTableSectionElement>(null);

  // Adjusting state while rendering (no effect, so no frame with stale items): a new page (new search, revalidation)
  // starts over; a fetched page is appended once, and only when it was asked for the page still shown.
  let current = shown;
  if (!samePage(current.page, page)) {
    current = {
      page,
      data: fetcher.data,
      items: page.items,
      nextHref: page.nextHref,
      requestedFor: null,
      focusFrom: null,
      moreFailed: false,
    };
  } else if (fetcher.data !== current.data && fetcher.state === "idle") {
    const asked = current.requestedFor !== null && samePage(current.requestedFor, page);
    const failed = asked && fetcher.data?.listError === true;
    const fetched = asked && !failed ? (fetcher.data?.[pageKey] as ListPage<T> | undefined) : undefined;
    // An item already shown is not repeated (rows may shift between two requests).
    const shownKeys = new Set(current.items.map(getKey));
    const added = fetched ? fetched.items.filter((item) => !shownKeys.has(getKey(item))) : [];
    current = {
      ...current,
      data: fetcher.data,
      items: added.length > 0 ? [...current.items, ...added] : current.items,
      nextHref: fetched ? fetched.nextHref : current.nextHref,
      requestedFor: null,
      focusFrom: added.length > 0 ? current.items.length : current.focusFrom,
      moreFailed: failed,
    };
  }
  if (current !== shown) setShown(current);

  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const showPending = useDelayedPending(loading || revalidator.state === "loading");
  const loadingMore = fetcher.state !== "idle";

  useEffect(() => {
    if (shown.focusFrom === null) return;
    const first = listRef.current?.children[shown.focusFrom];
    if (first instanceof HTMLElement) first.focus();
  }, [shown.focusFrom]);

  if (error) {
    return (
      // Drawn as the empty state is, where the rows would be: the search and the filters above stay in reach.
      <div
        className="flex flex-col items-center gap-3 rounded-md border border-dashed border-red-300 px-4 py-10 text-center dark:border-red-900"
        aria-busy={revalidator.state === "loading" || undefined}
      >
        <span
          aria-hidden="true"
          className="inline-flex size-10 items-center justify-center rounded-full bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300 [&>svg]:size-5"
        >
          <TriangleAlert />
        </span>
        <p role="alert" className="font-medium text-zinc-900 dark:text-zinc-100">
          {t("ui.listError")}
        </p>
        {hydrated ? (
          <Button
            type="button"
            variant="secondary"
            pending={revalidator.state === "loading"}
            disabled={revalidator.state === "loading"}
            onClick={() => void revalidator.revalidate()}
          >
            {t("ui.retry")}
          </Button>
        ) : (
          <Link to={`${location.pathname}${location.search}`} className={buttonClassName("secondary")}>
            {t("ui.retry")}
          </Link>
        )}
      </div>
    );
  }

  // A later page the server rendered (a "Load more" link followed without JavaScript, or clicked before it took over):
  // said above the rows, with the way back. A list that does not say where its first page is is on a later page when
  // its URL has a cursor.
  const laterPage = isFirstPage === false || (isFirstPage === undefined && hasCursor(location.search));
  const backHref = firstPageHref ?? withoutCursor(location.pathname, location.search);
  const firstPageLink = laterPage ? (
    <Link to={backHref} className={buttonClassName("link")}>
      {t("ui.firstPage")}
    </Link>
  ) : null;

  return (
    <div className="flex flex-col gap-3" aria-busy={loading || undefined}>
      {/* Always in the page, so screen readers announce the text when it appears. */}
      <p
        role="status"
        className={showPending ? "flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400" : "sr-only"}
      >
        {showPending ? (
          <>
            <Spinner />
            {t("ui.pending")}
          </>
        ) : null}
      </p>
      {laterPage ? (
        <p className="flex flex-wrap items-center gap-x-3 text-sm text-zinc-700 dark:text-zinc-300">
          {t("ui.laterPage")}
          {firstPageLink}
        </p>
      ) : null}
      {current.items.length === 0 ? (
        searchTerm ? (
          <EmptyMessage
            icon={<SearchX />}
            title={t("ui.noResults", { searchTerm })}
            action={
              <Link to={withoutSearch(location.pathname, location.search)} className={buttonClassName("secondary")}>
                {t("ui.searchClear")}
              </Link>
            }
          />
        ) : (
          <EmptyMessage icon={<Inbox />} title={t("ui.listEmpty")} {...empty} />
        )
      ) : columns ? (
        <table
          aria-label={label}
          role="table"
          className={`block w-full rounded-md border border-zinc-200 text-sm transition-opacity md:table md:border-separate md:border-spacing-0 dark:border-zinc-800 ${
            showPending ? "opacity-60" : ""
          }`}
        >
          <thead role="rowgroup" className="block md:table-header-group">
            <tr
              role="row"
              className={`md:table-row ${
                columns.some((column) => column.sort)
                  ? "flex flex-wrap items-center gap-0.5 border-b border-zinc-200 px-1 py-1 dark:border-zinc-800"
                  : "hidden"
              }`}
            >
              {columns.map((column) => (
                <th
                  key={column.key}
                  role="columnheader"
                  scope="col"
                  aria-sort={
                    column.sort?.direction === "asc"
                      ? "ascending"
                      : column.sort?.direction === "desc"
                        ? "descending"
                        : undefined
                  }
                  className={`data-list-header ${column.sort ? "" : "max-md:hidden"} ${column.className ?? ""}`}
                >
                  {column.sort ? <SortLink column={column} /> : column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody ref={listRef} role="rowgroup" className="block md:table-row-group">
            {current.items.map((item) => (
              <tr key={getKey(item)} role="row" tabIndex={-1} className="group data-list-row">
                {columns.map((column) => (
                  <td
                    key={column.key}
                    role="cell"
                    data-label={column.primary ? undefined : column.header}
                    className={`data-list-cell ${column.primary ? "font-medium" : "data-list-labelled"} ${column.className ?? ""}`}
                  >
                    {column.renderCell(item)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ul
          ref={listRef}
          aria-label={label}
          className={`divide-y divide-zinc-200 rounded-md border border-zinc-200 transition-opacity dark:divide-zinc-800 dark:border-zinc-800 ${
            showPending ? "opacity-60" : ""
          }`}
        >
          {current.items.map((item) => (
            <li
              key={getKey(item)}
              tabIndex={-1}
              className="focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
            >
              {renderItem?.(item)}
            </li>
          ))}
        </ul>
      )}
      {current.nextHref ? (
        <div className="flex flex-wrap items-center gap-3">
          {current.nextHref ? (
            hydrated ? (
              <Button
                type="button"
                variant="secondary"
                pending={loadingMore}
                aria-disabled={loadingMore || undefined}
                onClick={() => {
                  // aria-disabled rather than disabled: a disabled button would drop the keyboard focus.
                  const nextHref = current.nextHref;
                  if (!nextHref || loadingMore) return;
                  setShown({ ...current, requestedFor: page });
                  void fetcher.load(nextHref);
                }}
              >
                {loadingMore ? t("ui.pending") : t("ui.loadMore")}
              </Button>
            ) : (
              <Link to={current.nextHref} className={buttonClassName("secondary")}>
                {t("ui.loadMore")}
              </Link>
            )
          ) : null}
          {current.moreFailed && !loadingMore ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {t("ui.listError")}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function hasCursor(search: string): boolean {
  return new URLSearchParams(search).has("cursor");
}

/** The list's first page: the same address without its cursor (the search and the order stay). */
function withoutCursor(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("cursor");
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** The same page of the loader, even when the route rebuilt the `{ items, nextHref }` object while rendering. */
function samePage<T>(a: ListPage<T>, b: ListPage<T>): boolean {
  return a === b || (a.items === b.items && a.nextHref === b.nextHref);
}

/**
 * A column header that sorts: a link that sorts by it, or turns the current order the other way (plain links, so
 * sorting works without JavaScript). The direction is said by the header's aria-sort, and shown by the icon.
 */
function SortLink<T>({ column }: { column: DataColumn<T> }) {
  const direction = column.sort?.direction ?? null;
  const Icon = direction === "asc" ? ArrowUp : direction === "desc" ? ArrowDown : ChevronsUpDown;
  return (
    <Link
      to={column.sort?.href ?? ""}
      preventScrollReset
      className={`inline-flex min-h-9 items-center gap-0.5 rounded-md px-1 whitespace-nowrap uppercase underline-offset-4 md:gap-1 md:px-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 md:-mx-2 ${
        direction ? "bg-zinc-200/60 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100" : ""
      }`}
    >
      {column.header}
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
    </Link>
  );
}

/** An empty list's message: a decorative icon, a title, a line, and a next step. */
function EmptyMessage({ icon, title, text, action }: EmptyState) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-md border border-dashed border-zinc-300 px-4 py-10 text-center dark:border-zinc-700">
      {icon ? (
        <span
          aria-hidden="true"
          className="mb-1 inline-flex size-10 items-center justify-center rounded-full bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300 [&>svg]:size-5"
        >
          {icon}
        </span>
      ) : null}
      <p className="font-medium text-zinc-900 dark:text-zinc-100">{title}</p>
      {text ? <p className="max-w-prose text-sm text-zinc-600 dark:text-zinc-400">{text}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

/** The same list without its search (and from its first page). */
function withoutSearch(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("searchTerm");
  params.delete("cursor");
  params.delete("modal");
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ""}`;
}
