// @vitest-environment happy-dom
import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { renderWithRouter } from "../../tests/support/render";
import { DemoModeDialog, DemoNotice, useDemoModal } from "./demo-mode";

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
    expect(screen.getByText(/git clone/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Lire le README" }).getAttribute("href")).toContain("readme");
    expect(screen.getByText(/hello@groundwork\.dev/)).toBeTruthy();
  });
});
