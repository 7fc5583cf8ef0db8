// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { i18nFor, renderWithRouter } from "../../../tests/support/render";
import { DialogLink, ResponsiveDialog } from "./responsive-dialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NARROW = "(max-width: 639.98px)";

function CurrentUrl() {
  const location = useLocation();
  return <output data-testid="url">{`${location.pathname}${location.search}`}</output>;
}

function demo(extra: Partial<Parameters<typeof ResponsiveDialog>[0]> = {}) {
  return (
    <>
      <ResponsiveDialog name="demo" title="Demo title" description="Demo description" {...extra}>
        <p>Demo body</p>
      </ResponsiveDialog>
      <CurrentUrl />
    </>
  );
}

/** The server's HTML (no JavaScript: useHydrated() is false there) of `ui` at `url`. */
function serverRender(ui: () => ReactNode, url: string) {
  const Stub = createRoutesStub([{ path: "*", Component: () => <>{ui()}</> }]);
  return renderToString(
    <I18nextProvider i18n={i18nFor("en")}>
      <Stub initialEntries={[url]} />
    </I18nextProvider>,
  );
}

/** window.matchMedia that matches `query` only (happy-dom's own matches by its 1024 px default width). */
function stubMatchMedia(matching: string) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query === matching,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe("ResponsiveDialog", () => {
  it("is closed when the param is absent or names another dialog", () => {
    renderWithRouter(() => demo(), { url: "/x" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByText("Demo title")).toBeNull();
    cleanup();

    renderWithRouter(() => demo(), { url: "/x?modal=other" });
    expect(screen.queryByRole("dialog")).toBeNull();
    cleanup();

    // Another param name: ?modal=demo does not open a dialog that listens to ?sheet=.
    renderWithRouter(() => demo({ param: "sheet" }), { url: "/x?modal=demo" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("renders open on the server, with the title, the children and a Close link dropping only its param", () => {
    const html = serverRender(() => demo(), "/x?searchTerm=a&modal=demo");
    const page = document.createElement("div");
    page.innerHTML = html;
    const dialog = page.querySelector("dialog");
    expect(dialog).not.toBeNull();
    expect(dialog?.hasAttribute("open")).toBe(true);
    expect(page.querySelector('div[aria-hidden="true"]')).not.toBeNull(); // the backdrop
    expect(dialog?.textContent).toContain("Demo title");
    expect(dialog?.textContent).toContain("Demo description");
    expect(dialog?.textContent).toContain("Demo body");
    const close = [...(dialog?.querySelectorAll("a") ?? [])].find((link) => link.textContent === "Close");
    expect(close?.getAttribute("href")).toBe("/x?searchTerm=a");
  });

  it("opens on a custom param, and its Close link drops that param", () => {
    const html = serverRender(() => demo({ param: "sheet" }), "/x?sheet=demo&modal=other");
    expect(html).toContain("<dialog");
    expect(html).toMatch(/<a [^>]*href="\/x\?modal=other"[^>]*>Close<\/a>/);
  });

  it("has no Close link with closeButton={false}", () => {
    const html = serverRender(() => demo({ closeButton: false }), "/x?modal=demo");
    expect(html).toContain("Demo body");
    expect(html).not.toContain(">Close<");
    cleanup();

    renderWithRouter(() => demo({ closeButton: false }), { url: "/x?modal=demo" });
    expect(screen.getByRole("dialog", { name: "Demo title" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Close" })).toBeNull();
  });

  it("is a modal <dialog> on a wide screen once hydrated, named by its title", () => {
    stubMatchMedia("(min-width: 9999px)");
    renderWithRouter(() => demo(), { url: "/x?searchTerm=a&modal=demo" });
    const dialog = screen.getByRole("dialog", { name: "Demo title" }) as HTMLDialogElement;
    expect(dialog.tagName).toBe("DIALOG");
    expect(dialog.open).toBe(true);
    expect(screen.getByText("Demo body")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Close" }).getAttribute("href")).toBe("/x?searchTerm=a");
  });

  it("closes on Escape (the dialog's cancel event) by navigating to the URL without the param", async () => {
    stubMatchMedia("(min-width: 9999px)");
    renderWithRouter(() => demo(), { url: "/x?searchTerm=a&modal=demo" });
    const dialog = screen.getByRole("dialog", { name: "Demo title" });
    // happy-dom does not turn Escape into a cancel event on a modal dialog: dispatch the event the browser would.
    await act(async () => {
      fireEvent(dialog, new Event("cancel", { cancelable: true }));
    });
    expect(screen.getByTestId("url").textContent).toBe("/x?searchTerm=a");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes with the Close link", async () => {
    stubMatchMedia("(min-width: 9999px)");
    renderWithRouter(() => demo(), { url: "/x?searchTerm=a&modal=demo" });
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Close" }));
    });
    expect(screen.getByTestId("url").textContent).toBe("/x?searchTerm=a");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("is a bottom drawer on a narrow screen once hydrated", async () => {
    stubMatchMedia(NARROW);
    renderWithRouter(() => demo(), { url: "/x?modal=demo" });
    // The drawer (vaul) is loaded lazily: it shows up after the import resolves.
    const dialog = await screen.findByRole("dialog", { name: "Demo title" });
    expect(dialog.tagName).not.toBe("DIALOG");
    expect(screen.getByText("Demo body")).toBeTruthy();
    expect(screen.getByText("Demo description")).toBeTruthy();
    expect(document.querySelector("dialog")).toBeNull();
    // The drawer has no Close button: it closes by dragging down, Escape or a tap on the overlay.
    expect(screen.queryByRole("link", { name: "Close" })).toBeNull();
  });

  it("closes the bottom drawer on Escape by navigating to the URL without the param", async () => {
    stubMatchMedia(NARROW);
    renderWithRouter(() => demo(), { url: "/x?searchTerm=a&modal=demo" });
    const dialog = await screen.findByRole("dialog", { name: "Demo title" });
    await act(async () => {
      fireEvent.keyDown(dialog, { key: "Escape" });
    });
    expect(screen.getByTestId("url").textContent).toBe("/x?searchTerm=a");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("DialogLink", () => {
  it("links to the same URL with modal=<name>, keeping the other params", () => {
    renderWithRouter(() => <DialogLink name="demo">Open demo</DialogLink>, { url: "/x?searchTerm=a" });
    expect(screen.getByRole("link", { name: "Open demo" }).getAttribute("href")).toBe("/x?searchTerm=a&modal=demo");
  });

  it("replaces another open dialog, and can use another param", () => {
    renderWithRouter(
      () => (
        <>
          <DialogLink name="demo">Open demo</DialogLink>
          <DialogLink name="demo" param="sheet" className="custom">
            Open sheet
          </DialogLink>
        </>
      ),
      { url: "/x?modal=other" },
    );
    expect(screen.getByRole("link", { name: "Open demo" }).getAttribute("href")).toBe("/x?modal=demo");
    const sheet = screen.getByRole("link", { name: "Open sheet" });
    expect(sheet.getAttribute("href")).toBe("/x?modal=other&sheet=demo");
    expect(sheet.className).toBe("custom");
  });

  it("opens the dialog when followed", async () => {
    stubMatchMedia("(min-width: 9999px)");
    renderWithRouter(
      () => (
        <>
          <DialogLink name="demo">Open demo</DialogLink>
          {demo()}
        </>
      ),
      { url: "/x?searchTerm=a" },
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Open demo" }));
    });
    expect(screen.getByTestId("url").textContent).toBe("/x?searchTerm=a&modal=demo");
    expect(screen.getByRole("dialog", { name: "Demo title" })).toBeTruthy();
  });
});

function pageWithOpener() {
  return (
    <>
      <DialogLink name="demo">Open demo</DialogLink>
      <button type="button">Elsewhere</button>
      {demo()}
    </>
  );
}

/** The dialog gives focus back in a task after the commit that removed it. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

describe("focus after the dialog closes", () => {
  it("goes back to the link that opened it, on Escape and on Close", async () => {
    stubMatchMedia("(min-width: 9999px)");
    renderWithRouter(pageWithOpener, { url: "/x?searchTerm=a" });
    for (const close of ["escape", "close"] as const) {
      const opener = screen.getByRole("link", { name: "Open demo" });
      opener.focus();
      await act(async () => fireEvent.click(opener));
      const dialog = screen.getByRole("dialog", { name: "Demo title" });
      screen.getByRole("link", { name: "Close" }).focus();
      await act(async () => {
        if (close === "escape") fireEvent(dialog, new Event("cancel", { cancelable: true }));
        else fireEvent.click(screen.getByRole("link", { name: "Close" }));
      });
      await settle();
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(document.activeElement, close).toBe(screen.getByRole("link", { name: "Open demo" }));
    }
  });

  it("goes to the link that opens it when the page loaded with the dialog open", async () => {
    stubMatchMedia("(min-width: 9999px)");
    renderWithRouter(pageWithOpener, { url: "/x?searchTerm=a&modal=demo" });
    await act(async () => fireEvent(screen.getByRole("dialog"), new Event("cancel", { cancelable: true })));
    await settle();
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Open demo" }));
  });

  it("leaves focus alone when something else took it", async () => {
    stubMatchMedia("(min-width: 9999px)");
    renderWithRouter(pageWithOpener, { url: "/x?modal=demo" });
    await act(async () => fireEvent(screen.getByRole("dialog"), new Event("cancel", { cancelable: true })));
    screen.getByRole("button", { name: "Elsewhere" }).focus();
    await settle();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Elsewhere" }));
  });
});
