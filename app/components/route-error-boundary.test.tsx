// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { i18nFor } from "../../tests/support/render";
import { RETRY_DELAY_MS, RouteErrorBoundary } from "./route-error-boundary";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const LOADER_MS = 50;

/** A page at /page whose loader runs `load`, with RouteErrorBoundary as its error boundary. */
async function renderPage(load: () => unknown, language = "en") {
  const Stub = createRoutesStub([
    {
      id: "page",
      path: "/page",
      Component: () => <p>page content</p>,
      HydrateFallback: () => null,
      ErrorBoundary: RouteErrorBoundary,
      loader: () => load(),
    },
  ]);
  await act(async () => {
    render(
      <I18nextProvider i18n={i18nFor(language)}>
        <Stub initialEntries={["/page?tab=a"]} />
      </I18nextProvider>,
    );
  });
}

describe("RouteErrorBoundary", () => {
  it("shows the 404 page for a 404 response", async () => {
    await renderPage(() => {
      throw data(null, { status: 404 });
    });
    expect(await screen.findByRole("heading", { name: "This page cannot be found" })).toBeTruthy();
    expect(screen.getByText("404")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(screen.getByRole("link", { name: "Go home" }).getAttribute("href")).toBe("/");
  });

  it("shows the 403 page for a 403 response", async () => {
    await renderPage(() => {
      throw data(null, { status: 403 });
    });
    expect(await screen.findByRole("heading", { name: "You do not have access to this page" })).toBeTruthy();
    expect(screen.getByText("403")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("speaks French", async () => {
    await renderPage(() => {
      throw data(null, { status: 404 });
    }, "fr");
    expect(await screen.findByRole("heading", { name: "Cette page est introuvable" })).toBeTruthy();
  });

  it("shows Something went wrong with Try again for an Error", async () => {
    await renderPage(() => {
      throw new Error("boom");
    });
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByText("500")).toBeTruthy();
    const button = screen.getByRole("button", { name: "Try again" });
    expect(button.getAttribute("type")).toBe("button");
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText("page content")).toBeNull();
  });

  it("keeps the status of another error response", async () => {
    await renderPage(() => {
      throw data(null, { status: 502 });
    });
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByText("502")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("says busy, try again, in the page's language, when a turn did not come in time (503)", async () => {
    // What runExclusive throws when its wait ends: a real runner, kept out by a lease another process holds.
    const { db } = await import("~/.server/platform/db/client");
    const { exclusiveRunner } = await import("~/.server/platform/exclusive");
    const { sql } = await import("drizzle-orm");
    await db.run(
      sql`insert into exclusive_lease (key, holder, expires_at) values ('busy', 'other', ${Date.now() + 60_000})`,
    );
    const busy = await exclusiveRunner(db, { waitMs: 20 })("busy", async () => null).catch((error: unknown) => error);
    await renderPage(() => {
      throw busy;
    }, "fr");
    expect(
      await screen.findByRole("heading", {
        name: "Quelqu’un d’autre modifie ceci en ce moment. Réessayez dans quelques secondes.",
      }),
    ).toBeTruthy();
    expect(screen.getByText("503")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Réessayer" })).toBeTruthy();
  });

  it("Try again disables itself with a spinner, then reloads the data after 600 ms", async () => {
    expect(RETRY_DELAY_MS).toBe(600);
    vi.useFakeTimers();
    let calls = 0;
    await renderPage(async () => {
      calls++;
      if (calls === 1) throw new Error("boom");
      // Like a real request, the retry takes a moment. (React Router's boundary only lets go of the old error once it
      // has rendered the "loading" revalidation state; a loader that settles in the same tick never shows it.)
      await new Promise((resolve) => setTimeout(resolve, LOADER_MS));
      return null;
    });
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(calls).toBe(1);

    const button = screen.getByRole("button", { name: "Try again" }) as HTMLButtonElement;
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.querySelector(".animate-spin")).not.toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    });
    expect(calls).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(calls).toBe(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOADER_MS);
    });
    expect(screen.getByText("page content")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("re-enables Try again when the retry fails again", async () => {
    vi.useFakeTimers();
    let calls = 0;
    await renderPage(() => {
      calls++;
      throw new Error("still broken");
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    });
    expect(calls).toBe(2);
    const button = screen.getByRole("button", { name: "Try again" }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.hasAttribute("aria-busy")).toBe(false);
  });

  it("renders Try again as a link to the same URL without JavaScript", () => {
    const Stub = createRoutesStub([
      { id: "page", path: "/page", Component: () => <p>page content</p>, ErrorBoundary: RouteErrorBoundary },
    ]);
    const html = renderToString(
      <I18nextProvider i18n={i18nFor("en")}>
        <Stub initialEntries={["/page?tab=a"]} hydrationData={{ errors: { page: new Error("boom") } }} />
      </I18nextProvider>,
    );
    expect(html).toContain("Something went wrong");
    expect(html).toMatch(/<a [^>]*href="\/page\?tab=a"[^>]*>Try again<\/a>/);
    expect(html).not.toContain("<button");
    expect(html).not.toContain("page content");
  });
});
