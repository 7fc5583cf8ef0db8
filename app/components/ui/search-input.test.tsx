// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { createInstance } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { resources } from "~/lib/dictionaries";
import { renderWithRouter } from "../../../tests/support/render";
import { SearchInput } from "./search-input";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function CurrentUrl() {
  const location = useLocation();
  return <output data-testid="url">{`${location.pathname}${location.search}`}</output>;
}

describe("SearchInput", () => {
  it("renders a GET search form with the placeholder, the label and the current term", () => {
    renderWithRouter(() => <SearchInput defaultValue="alpha" />, { url: "/app/repositories?searchTerm=alpha" });
    const form = screen.getByRole("search");
    expect(form.getAttribute("method")?.toLowerCase()).toBe("get");
    expect(form.getAttribute("action")).toBe("/app/repositories");
    const input = screen.getByRole("searchbox", { name: "Search" });
    expect(input.getAttribute("name")).toBe("searchTerm");
    expect(input.getAttribute("placeholder")).toBe("Search...");
    expect((input as HTMLInputElement).value).toBe("alpha");
    expect(screen.getByRole("button", { name: "Search" }).getAttribute("type")).toBe("submit");
  });

  it("renders a working form on the server, before any JavaScript runs", () => {
    const instance = createInstance();
    void instance
      .use(initReactI18next)
      .init({ lng: "en", resources, initAsync: false, interpolation: { escapeValue: false } });
    const Stub = createRoutesStub([{ path: "*", Component: () => <SearchInput defaultValue="alpha" /> }]);
    const html = renderToString(
      <I18nextProvider i18n={instance}>
        <Stub initialEntries={["/users?searchTerm=alpha&role=admin"]} />
      </I18nextProvider>,
    );
    expect(html).toContain('role="search"');
    expect(html).toContain('type="search"');
    expect(html).toContain('value="alpha"');
    // The submit button is visible without JavaScript, and the other params travel with the form.
    expect(html).toMatch(/<span class="contents"><button type="submit"/);
    expect(html).toContain('<input type="hidden" name="role" value="admin"/>');
    expect(html).toContain('href="/users?role=admin"');
  });

  it("offers the clear link only when there is a term, to the same URL without it (other params kept)", () => {
    renderWithRouter(() => <SearchInput defaultValue="alpha" />, {
      url: "/manager/users?searchTerm=alpha&sort=name&cursor=abc",
    });
    const clear = screen.getByRole("link", { name: "Clear search" });
    expect(clear.getAttribute("href")).toBe("/manager/users?sort=name");
    cleanup();

    renderWithRouter(() => <SearchInput />, { url: "/manager/users?sort=name" });
    expect(screen.queryByRole("link", { name: "Clear search" })).toBeNull();
  });

  it("keeps the other params as hidden fields but drops the pagination cursor", () => {
    const { container } = renderWithRouter(() => <SearchInput defaultValue="a" />, {
      url: "/users?searchTerm=a&role=admin&cursor=xyz",
    });
    const hidden = [...container.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map(
      (input) => `${input.name}=${input.value}`,
    );
    expect(hidden).toEqual(["role=admin"]);
  });

  it("speaks French", () => {
    renderWithRouter(() => <SearchInput />, { language: "fr" });
    expect(screen.getByRole("searchbox").getAttribute("placeholder")).toBe("Rechercher...");
  });

  it("searches as you type, 300 ms after the last key, keeping the other params and dropping the cursor", async () => {
    vi.useFakeTimers();
    renderWithRouter(
      () => (
        <>
          <SearchInput />
          <CurrentUrl />
        </>
      ),
      { url: "/users?role=admin&cursor=xyz" },
    );
    const input = screen.getByRole("searchbox");
    fireEvent.change(input, { target: { value: "al" } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    fireEvent.change(input, { target: { value: "alice" } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(screen.getByTestId("url").textContent).toBe("/users?role=admin&cursor=xyz");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByTestId("url").textContent).toBe("/users?searchTerm=alice&role=admin");
    expect((input as HTMLInputElement).value).toBe("alice");
    expect(screen.getByRole("link", { name: "Clear search" }).getAttribute("href")).toBe("/users?role=admin");
  });

  it("clears the field and the URL with the clear link", async () => {
    renderWithRouter(
      () => (
        <>
          <SearchInput defaultValue="alice" />
          <CurrentUrl />
        </>
      ),
      { url: "/users?searchTerm=alice&role=admin" },
    );
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Clear search" }));
    });
    expect(screen.getByTestId("url").textContent).toBe("/users?role=admin");
    expect((screen.getByRole("searchbox") as HTMLInputElement).value).toBe("");
    expect(document.activeElement).toBe(screen.getByRole("searchbox"));
    expect(screen.queryByRole("link", { name: "Clear search" })).toBeNull();
  });
});
