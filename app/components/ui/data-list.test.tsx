// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, Link, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { i18nFor, renderWithRouter } from "../../../tests/support/render";
import { DataList, type ListPage } from "./data-list";

afterEach(cleanup);

type Repository = { id: string; name: string };
const alpha = { id: "1", name: "alpha" };
const beta = { id: "2", name: "beta" };
const gamma = { id: "3", name: "gamma" };

function list(page: ListPage<Repository>, extra: Partial<Parameters<typeof DataList<Repository>>[0]> = {}) {
  return (
    <DataList
      page={page}
      label="Repositories"
      getKey={(repository) => repository.id}
      renderItem={(repository) => <span>{repository.name}</span>}
      {...extra}
    />
  );
}

describe("DataList", () => {
  it("renders the items in a labelled list", () => {
    renderWithRouter(() => list({ items: [alpha, beta], nextHref: null }));
    const items = within(screen.getByRole("list", { name: "Repositories" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["alpha", "beta"]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Load more" })).toBeNull();
  });

  it("says when the list is empty", () => {
    renderWithRouter(() => list({ items: [], nextHref: null }));
    expect(screen.getByText("Nothing here yet.")).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("says when a search found nothing, naming the term, with a link that clears the search", () => {
    renderWithRouter(() => list({ items: [], nextHref: null }, { searchTerm: "zeta" }), {
      url: "/r?searchTerm=zeta&sort=name&cursor=abc",
    });
    expect(screen.getByText('No results for "zeta"')).toBeTruthy();
    expect(screen.getByRole("link", { name: "Clear search" }).getAttribute("href")).toBe("/r?sort=name");
  });

  it("shows the list's own empty state with its next step", () => {
    renderWithRouter(() =>
      list(
        { items: [], nextHref: null },
        {
          empty: {
            title: "No repositories yet",
            text: "Add one.",
            action: <Link to="/new">Create the first one</Link>,
          },
        },
      ),
    );
    expect(screen.getByText("No repositories yet")).toBeTruthy();
    expect(screen.getByText("Add one.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Create the first one" }).getAttribute("href")).toBe("/new");
    expect(screen.queryByText("Nothing here yet.")).toBeNull();
  });

  it("renders columns as one labelled table, its sorting headers as links with aria-sort", () => {
    renderWithRouter(() => (
      <DataList
        page={{ items: [alpha, beta], nextHref: null }}
        label="Repositories"
        getKey={(repository) => repository.id}
        columns={[
          {
            key: "name",
            header: "Name",
            primary: true,
            sort: { href: "/r?sort=name&direction=desc", direction: "asc" },
            renderCell: (repository) => <Link to={`/r/${repository.id}`}>{repository.name}</Link>,
          },
          {
            key: "id",
            header: "Id",
            sort: { href: "/r?sort=id", direction: null },
            renderCell: (repository) => repository.id,
          },
          { key: "size", header: "Size", renderCell: () => "1" },
        ]}
      />
    ));
    const table = screen.getByRole("table", { name: "Repositories" });
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((header) => header.getAttribute("aria-sort"))).toEqual(["ascending", null, null]);
    expect(within(headers[0]!).getByRole("link", { name: "Name" }).getAttribute("href")).toBe(
      "/r?sort=name&direction=desc",
    );
    expect(within(headers[2]!).queryByRole("link")).toBeNull();
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("link").textContent)).toEqual(["alpha", "beta"]);
    // On a phone each cell but the first shows its header as a label (CSS generated content from data-label).
    expect(
      within(rows[0]!)
        .getAllByRole("cell")
        .map((cell) => cell.getAttribute("data-label")),
    ).toEqual([null, "Id", "Size"]);
  });

  it("shows an alert and a Retry button in the error state", () => {
    renderWithRouter(() => list({ items: [alpha], nextHref: null }, { error: true }));
    expect(screen.getByRole("alert").textContent).toBe("The list could not be loaded.");
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("offers a Retry link to the same URL without JavaScript", () => {
    const Stub = createRoutesStub([
      { path: "*", Component: () => list({ items: [], nextHref: null }, { error: true }) },
    ]);
    const html = renderToString(
      <I18nextProvider i18n={i18nFor("en")}>
        <Stub initialEntries={["/app/repositories?searchTerm=a"]} />
      </I18nextProvider>,
    );
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/<a [^>]*href="\/app\/repositories\?searchTerm=a"[^>]*>Retry<\/a>/);
  });

  it("renders Load more and Back to the first page as links without JavaScript", () => {
    const Stub = createRoutesStub([
      {
        path: "*",
        Component: () => list({ items: [alpha], nextHref: "/r?cursor=2" }, { isFirstPage: false, firstPageHref: "/r" }),
      },
    ]);
    const html = renderToString(
      <I18nextProvider i18n={i18nFor("en")}>
        <Stub initialEntries={["/r?cursor=1"]} />
      </I18nextProvider>,
    );
    expect(html).toMatch(/<a [^>]*href="\/r\?cursor=2"[^>]*>Load more<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/r"[^>]*>Back to the first page<\/a>/);
  });

  it("shows Load more only when there is a next page", () => {
    renderWithRouter(() => list({ items: [alpha], nextHref: "/r?cursor=2" }));
    expect(screen.getByRole("button", { name: "Load more" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Back to the first page" })).toBeNull();
  });

  it("appends the next page with JavaScript, then offers the page after it", async () => {
    await renderListRoute();
    expect(names()).toEqual(["alpha"]);

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    });
    expect(await screen.findByText("beta")).toBeTruthy();
    expect(names()).toEqual(["alpha", "beta"]);
    // The first new item takes the focus, so keyboard and screen-reader users continue from there.
    expect(document.activeElement?.textContent).toBe("beta");

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    });
    expect(await screen.findByText("gamma")).toBeTruthy();
    expect(names()).toEqual(["alpha", "beta", "gamma"]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("says when the next page failed to load, and keeps Load more to try again", async () => {
    const failing = new Set(["2"]);
    await renderListRoute(undefined, failing);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    });
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("The list could not be loaded.");
    expect(names()).toEqual(["alpha"]);

    failing.clear();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    });
    expect(await screen.findByText("beta")).toBeTruthy();
    expect(names()).toEqual(["alpha", "beta"]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("starts over from the server's page when the page changes (a new search)", async () => {
    await renderListRoute();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    });
    expect(await screen.findByText("beta")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "search delta" }));
    });
    await waitFor(() => expect(names()).toEqual(["delta"]));
  });

  it("marks the list busy while its page loads, and shows Loading... once it takes a while", async () => {
    const slow = Promise.withResolvers<void>();
    await renderListRoute(slow.promise);
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "search slow" }));
    });
    await waitFor(() =>
      expect(screen.getByRole("list", { name: "Repositories" }).closest("[aria-busy]")?.getAttribute("aria-busy")).toBe(
        "true",
      ),
    );
    expect(await screen.findByText("Loading...", {}, { timeout: 2000 })).toBeTruthy();
    await act(async () => {
      slow.resolve();
    });
    await waitFor(() => expect(names()).toEqual(["slow"]));
    expect(screen.getByRole("list", { name: "Repositories" }).closest("[aria-busy]")).toBeNull();
  });
});

const pages: Record<string, ListPage<Repository>> = {
  "": { items: [alpha], nextHref: "/r?cursor=2" },
  "2": { items: [beta], nextHref: "/r?cursor=3" },
  "3": { items: [gamma], nextHref: null },
  delta: { items: [{ id: "4", name: "delta" }], nextHref: null },
  slow: { items: [{ id: "5", name: "slow" }], nextHref: null },
};

function ListRoute() {
  const { page } = useLoaderData<{ page: ListPage<Repository> }>();
  return (
    <>
      <Link to="/r?searchTerm=delta">search delta</Link>
      <Link to="/r?searchTerm=slow">search slow</Link>
      {list(page)}
    </>
  );
}

/** A real route whose loader serves `pages` by cursor or search term, so "Load more" goes through useFetcher. */
async function renderListRoute(slowSearch: Promise<void> = Promise.resolve(), failing = new Set<string>()) {
  const Stub = createRoutesStub([
    {
      path: "/r",
      Component: ListRoute,
      HydrateFallback: () => null,
      loader: async ({ request }) => {
        const params = new URL(request.url).searchParams;
        const searchTerm = params.get("searchTerm");
        if (searchTerm === "slow") await slowSearch;
        // A list query that failed (app/.server/web/list-failure.ts): no rows, and the marker.
        if (failing.has(params.get("cursor") ?? "")) return { page: { items: [], nextHref: null }, listError: true };
        return { page: pages[searchTerm ?? params.get("cursor") ?? ""] };
      },
    },
  ]);
  await act(async () => {
    render(
      <I18nextProvider i18n={i18nFor("en")}>
        <Stub initialEntries={["/r"]} />
      </I18nextProvider>,
    );
  });
}

function names() {
  return within(screen.getByRole("list", { name: "Repositories" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);
}
