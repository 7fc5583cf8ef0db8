import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";

import { useTranslation } from "~/lib/translation";
import { useHydrated } from "~/lib/use-hydrated";
import { buttonClassName } from "./button";

/** Typing pauses this long before the search runs (with JavaScript). */
const debounceMs = 300;
/** The pagination param of the lists: a new search starts again from the first page. */
const cursorParam = "cursor";

type SearchInputProps = {
  /** The search param the input writes (docs/product.md: "searchTerm"). */
  name?: string;
  /** The term the page was rendered for, usually read by the loader from the URL. */
  defaultValue?: string;
  /** The input's visible label; "Search" when not given. */
  label?: string;
};

/**
 * A GET search form (docs/product.md, "Search input"). Without JavaScript it is a plain form with a submit button and
 * a clear link; with JavaScript it searches as you type. Other params of the URL (filters) are kept, the pagination
 * cursor is dropped.
 */
export function SearchInput({ name = "searchTerm", defaultValue = "", label }: SearchInputProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const location = useLocation();
  const submit = useSubmit();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The last term this component sent: when the URL then changes to it, the field already shows it (and may hold
  // more typing). Any other change of the URL (back button, a link) is shown in the field.
  const submitted = useRef<string | undefined>(undefined);
  const [value, setValue] = useState(defaultValue);
  const labelText = label ?? t("ui.searchLabel");

  const firstRender = useRef(true);
  useEffect(() => {
    // On mount the field already shows the URL's term, or what was typed before JavaScript arrived: keep it.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (submitted.current === defaultValue) {
      submitted.current = undefined;
      return;
    }
    setValue(defaultValue);
    if (inputRef.current) inputRef.current.value = defaultValue;
  }, [defaultValue]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // A term typed while the page was still loading its JavaScript had no input event to react to: search it now.
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (!hydrated || typed === undefined || typed === defaultValue) return;
    setValue(typed);
    submitNow(typed);
    // Only at the moment of hydration.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  const kept = new URLSearchParams(location.search);
  kept.delete(name);
  kept.delete(cursorParam);
  const keptEntries = [...kept.entries()];
  const clearedSearch = kept.toString();
  const clearedHref = `${location.pathname}${clearedSearch ? `?${clearedSearch}` : ""}`;

  function submitNow(term: string) {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    submitted.current = term;
    void submit(form, { replace: true, preventScrollReset: true });
  }

  return (
    <Form
      ref={formRef}
      method="get"
      action={location.pathname}
      role="search"
      aria-label={labelText}
      className="flex flex-col gap-1"
      onSubmit={() => {
        // React Router submits this one; a pending as-you-type submission would only repeat it.
        clearTimeout(timer.current);
        submitted.current = inputRef.current?.value;
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {labelText}
      </label>
      <div className="flex items-center gap-2">
        <div className="relative flex-1">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 start-3 flex items-center text-zinc-500 dark:text-zinc-400"
          >
            <SearchIcon />
          </span>
          <input
            ref={inputRef}
            id={id}
            type="search"
            name={name}
            // Uncontrolled: React would reset a controlled field at hydration and lose what was typed before it.
            defaultValue={defaultValue}
            placeholder={t("ui.searchPlaceholder")}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => {
              const term = event.currentTarget.value;
              setValue(term);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => submitNow(term), debounceMs);
            }}
            className="min-h-10 w-full rounded-md border border-zinc-300 bg-white ps-9 pe-10 py-2 text-base text-zinc-900 placeholder:text-zinc-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400 [&::-webkit-search-cancel-button]:appearance-none"
          />
          {value ? (
            <Link
              to={clearedHref}
              replace
              preventScrollReset
              aria-label={t("ui.searchClear")}
              title={t("ui.searchClear")}
              onClick={() => {
                clearTimeout(timer.current);
                setValue("");
                if (inputRef.current) inputRef.current.value = "";
                inputRef.current?.focus();
              }}
              className="absolute inset-y-0 end-1 my-auto inline-flex size-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
            >
              <ClearIcon />
            </Link>
          ) : null}
        </div>
        {keptEntries.map(([key, keptValue], index) => (
          <input key={`${key}-${index}`} type="hidden" name={key} value={keptValue} />
        ))}
        {/* Without JavaScript this button runs the search. With it, typing does, so the button is hidden until
            it gets keyboard focus: still there for those who tab to it, never an invisible focus stop. */}
        <span className={hydrated ? "sr-only focus-within:not-sr-only" : "contents"}>
          <button type="submit" className={buttonClassName("secondary")}>
            {t("ui.searchSubmit")}
          </button>
        </span>
      </div>
    </Form>
  );
}

function SearchIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" className="size-4">
      <circle cx="9" cy="9" r="6" />
      <path d="m17 17-3.5-3.5" strokeLinecap="round" />
    </svg>
  );
}

function ClearIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" className="size-4">
      <path d="M5 5l10 10M15 5 5 15" strokeLinecap="round" />
    </svg>
  );
}
