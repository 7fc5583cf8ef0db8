// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, Link, Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { PENDING_DELAY_MS, PENDING_MIN_MS } from "~/lib/use-delayed-pending";
import { i18nFor } from "../../tests/support/render";
import { NavigationProgress } from "./navigation-progress";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A layout with the progress bar, a home page, and a page whose loader waits for `loaded` to settle. */
async function renderApp(language = "en") {
  const loaded = Promise.withResolvers<void>();
  let loaderCalls = 0;
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <>
          <NavigationProgress />
          <Outlet />
        </>
      ),
      children: [
        {
          index: true,
          Component: () => (
            <>
              <p>home</p>
              <Link to="/slow">go slow</Link>
            </>
          ),
        },
        {
          path: "slow",
          Component: () => <p>slow page</p>,
          loader: async () => {
            loaderCalls++;
            await loaded.promise;
            return null;
          },
        },
      ],
    },
  ]);
  await act(async () => {
    render(
      <I18nextProvider i18n={i18nFor(language)}>
        <Stub initialEntries={["/"]} />
      </I18nextProvider>,
    );
  });
  await act(async () => {
    fireEvent.click(screen.getByRole("link", { name: "go slow" }));
  });
  expect(loaderCalls).toBe(1);
  return { finish: () => act(async () => loaded.resolve()) };
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const progress = () => screen.queryByRole("status");

describe("NavigationProgress", () => {
  it("waits 1000 ms and then stays at least 500 ms", () => {
    expect(PENDING_DELAY_MS).toBe(1000);
    expect(PENDING_MIN_MS).toBe(500);
  });

  it("shows nothing for a navigation that ends within 1000 ms", async () => {
    vi.useFakeTimers();
    const { finish } = await renderApp();
    await advance(PENDING_DELAY_MS - 100);
    expect(progress()).toBeNull();
    await finish();
    expect(screen.getByText("slow page")).toBeTruthy();
    await advance(PENDING_DELAY_MS * 2);
    expect(progress()).toBeNull();
  });

  it("shows after 1000 ms of pending navigation, then stays 500 ms after it ends", async () => {
    vi.useFakeTimers();
    const { finish } = await renderApp();
    await advance(PENDING_DELAY_MS - 1);
    expect(progress()).toBeNull();
    await advance(1);
    expect(progress()?.textContent).toBe("Loading...");
    expect(progress()?.getAttribute("aria-live")).toBe("polite");

    // The navigation ends 100 ms after the bar appeared: the bar stays until 500 ms have passed since then.
    await advance(100);
    await finish();
    expect(screen.getByText("slow page")).toBeTruthy();
    expect(progress()).not.toBeNull();
    await advance(PENDING_MIN_MS - 100 - 1);
    expect(progress()).not.toBeNull();
    await advance(1);
    expect(progress()).toBeNull();
  });

  it("hides at once when the navigation ends more than 500 ms after the bar appeared", async () => {
    vi.useFakeTimers();
    const { finish } = await renderApp();
    await advance(PENDING_DELAY_MS + PENDING_MIN_MS + 200);
    expect(progress()).not.toBeNull();
    await finish();
    await advance(0);
    expect(progress()).toBeNull();
    expect(screen.getByText("slow page")).toBeTruthy();
  });

  it("speaks French", async () => {
    vi.useFakeTimers();
    const { finish } = await renderApp("fr");
    await advance(PENDING_DELAY_MS);
    expect(progress()?.textContent).toBe("Chargement...");
    await finish();
    await advance(PENDING_MIN_MS);
    expect(progress()).toBeNull();
  });
});
