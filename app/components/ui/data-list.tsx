import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useLocation, useNavigation, useRevalidator } from "react-router";

import { useDelayedPending } from "~/lib/use-delayed-pending";
import { useHydrated } from "~/lib/use-hydrated";
import { Alert } from "./alert";
import { Button, buttonClassName, Spinner } from "./button";

/** One page of a list as a loader returns it: the items, and the URL of the next page when there is one. */
export type ListPage<T> = { items: T[]; nextHref: string | null };

type DataListProps<T> = {
  page: ListPage<T>;
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
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
};

/**
 * A list with explicit states (docs/product.md, "Data list"): error with retry, empty, no results, loading, and
 * "Load more". Without JavaScript "Load more" is a link to the next page; with it, the next page is appended.
 */
export function DataList<T>({
  page,
  getKey,
  renderItem,
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
  const fetcher = useFetcher<Record<string, ListPage<T> | undefined>>();
  const [shown, setShown] = useState<Shown<T>>(() => ({
    page,
    data: fetcher.data,
    items: page.items,
    nextHref: page.nextHref,
    requestedFor: null,
    focusFrom: null,
  }));
  const listRef = useRef<HTMLUListElement>(null);

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
    };
  } else if (fetcher.data !== current.data && fetcher.state === "idle") {
    const fetched = current.requestedFor && samePage(current.requestedFor, page) ? fetcher.data?.[pageKey] : undefined;
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
      <div className="flex flex-col items-start gap-3" aria-busy={revalidator.state === "loading" || undefined}>
        <Alert tone="error">{t("ui.listError")}</Alert>
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

  const firstPageLink =
    isFirstPage === false && firstPageHref ? (
      <Link to={firstPageHref} className={buttonClassName("link")}>
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
      {current.items.length === 0 ? (
        <p className="rounded-md border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          {searchTerm ? t("ui.noResults", { searchTerm }) : t("ui.listEmpty")}
        </p>
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
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
      {current.nextHref || firstPageLink ? (
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
          {firstPageLink}
        </div>
      ) : null}
    </div>
  );
}

/** The same page of the loader, even when the route rebuilt the `{ items, nextHref }` object while rendering. */
function samePage<T>(a: ListPage<T>, b: ListPage<T>): boolean {
  return a === b || (a.items === b.items && a.nextHref === b.nextHref);
}
