// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { refusedValuesFor, type DemoRefusal } from "~/lib/demo-refusal";
import { PRODUCT } from "~/locales/product";
import { i18nFor, renderWithRouter } from "../../tests/support/render";
import { DemoModeDialog, DemoNotice, useDemoModal } from "./demo-mode";
import { ResponsiveDialog } from "./ui/responsive-dialog";

afterEach(cleanup);

function OpensTheDialog() {
  const open = useDemoModal();
  return (
    <button type="button" onClick={open}>
      open
    </button>
  );
}

describe("demo mode", () => {
  it("any part of the page can open the Demo Mode dialog, which says the action is disabled", async () => {
    renderWithRouter(
      () => (
        <>
          <OpensTheDialog />
          <DemoModeDialog />
        </>
      ),
      { url: "/manager/repositories?searchTerm=a" },
    );
    expect(screen.queryByRole("heading", { name: "Demo Mode" })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "open" })));
    expect(await screen.findByRole("heading", { name: "Demo Mode" })).toBeTruthy();
    expect(screen.getByText("This is a read-only demo, this action is disabled.")).toBeTruthy();
  });

  it("the notice shows the command to get a copy, the README and the makers' e-mail", () => {
    renderWithRouter(() => <DemoNotice />, { language: "fr" });
    // The command copies as it reads: its words, with plain spaces between them.
    expect(
      screen.getByText((_, element) => element?.tagName === "CODE" && element.textContent === PRODUCT.copyCommand),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Lire le README" }).getAttribute("href")).toContain("readme");
    expect(screen.getByRole("link", { name: "hello@groundwork.dev" }).getAttribute("href")).toBe(
      "mailto:hello@groundwork.dev",
    );
  });
});

/** A page under a root route whose loader data carries `demoRefusal`, as app/root.tsx gives it. */
async function renderAfterRefusal(demoRefusal: DemoRefusal | null, url: string) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ demoRefusal }),
      HydrateFallback: () => null,
      Component: () => (
        <>
          <ResponsiveDialog name="change-name" param="state" title="Change your name">
            <input aria-label="Name" defaultValue="typed" />
          </ResponsiveDialog>
          <DemoModeDialog />
        </>
      ),
    },
  ]);
  render(
    <I18nextProvider i18n={i18nFor("en")}>
      <Stub initialEntries={[url]} />
    </I18nextProvider>,
  );
  await screen.findAllByRole("dialog");
}

describe("a demo-mode refusal", () => {
  it("is said inside the dialog whose form was refused, with no second dialog", async () => {
    await renderAfterRefusal({ values: { name: "typed" }, inDialog: true }, "/?state=change-name");
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    const dialog = screen.getByRole("dialog", { name: "Change your name" });
    expect(dialog.textContent).toContain("This is a read-only demo, this action is disabled.");
  });

  it("is the Demo Mode dialog alone when the form was on the page", async () => {
    await renderAfterRefusal({ values: {}, inDialog: false }, "/?modal=demo");
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    expect(screen.getByRole("dialog", { name: "Demo Mode" })).toBeTruthy();
  });

  it("gives its values to the form that sent them only (every name but the intent is one of its fields)", () => {
    const refusal = { values: { intent: "ban", reason: "spam", until: "" }, inDialog: true };
    expect(refusedValuesFor(refusal, ["reason", "until"])).toEqual({ reason: "spam", until: "" });
    expect(refusedValuesFor(refusal, ["reason"])).toBeNull();
    expect(refusedValuesFor(refusal, ["name"])).toBeNull();
    expect(refusedValuesFor({ values: { intent: "x" }, inDialog: false }, ["name"])).toBeNull();
    expect(refusedValuesFor(null, ["name"])).toBeNull();
  });
});
