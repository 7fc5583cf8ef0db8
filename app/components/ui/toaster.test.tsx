// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";

import type { Toast } from "~/lib/toast";
import { i18nFor } from "../../../tests/support/render";
import { Toaster } from "./toaster";

let hydrated: { root: Root; container: HTMLElement } | null = null;

afterEach(() => {
  // sonner keeps its toasts in a module-level store: empty it so a test does not see the previous one's.
  toast.dismiss();
  cleanup();
  if (hydrated) {
    const { root, container } = hydrated;
    act(() => root.unmount());
    container.remove();
    hydrated = null;
  }
});

const nameUpdated: Toast = { id: "1", type: "success", message: "account.nameUpdated" };

function toaster(flash: Toast | null, language = "en", dir: "ltr" | "rtl" = "ltr") {
  return (
    <I18nextProvider i18n={i18nFor(language)}>
      <Toaster flash={flash} dir={dir} theme="light" />
    </I18nextProvider>
  );
}

describe("Toaster without JavaScript", () => {
  it("renders the flash as a status region with the translated message, its type named", () => {
    const page = document.createElement("div");
    page.innerHTML = renderToString(toaster(nameUpdated));
    const status = within(page).getByRole("status");
    expect(status.textContent).toBe("Success: Your name was updated.");
  });

  it("speaks French", () => {
    const page = document.createElement("div");
    page.innerHTML = renderToString(toaster(nameUpdated, "fr"));
    expect(within(page).getByRole("status").textContent).toBe("Succès: Votre nom a été mis à jour.");
  });

  it("gives each type its own icon and name, not a colour alone", () => {
    const looks = (["success", "info", "warning", "error"] as const).map((type) => {
      const page = document.createElement("div");
      page.innerHTML = renderToString(toaster({ id: type, type, message: "shell.signedOut" }));
      return {
        name: within(page).getByRole("status").querySelector(".sr-only")?.textContent,
        icon: page.querySelector("svg")?.innerHTML,
      };
    });
    expect(looks.map((look) => look.name)).toEqual(["Success: ", "Information: ", "Warning: ", "Error: "]);
    expect(new Set(looks.map((look) => look.icon)).size, "four different icons").toBe(4);
  });

  it("sits in the page's flow and closes without a script: its Close is the summary of an open <details>", () => {
    const page = document.createElement("div");
    page.innerHTML = renderToString(toaster(nameUpdated));
    const strip = page.firstElementChild as HTMLElement;
    expect(strip.className).not.toMatch(/\b(fixed|absolute|sticky)\b/);
    expect(strip.className).toContain("has-[details:not([open])]:hidden");
    const details = strip.querySelector("details");
    expect(details?.open).toBe(true);
    expect(details?.querySelector("summary")?.textContent).toBe("Close");
  });

  it("renders nothing without a flash", () => {
    expect(renderToString(toaster(null))).toBe("");
  });
});

describe("Toaster with JavaScript", () => {
  it("shows the flash as a sonner toast with a Close button", async () => {
    render(toaster({ ...nameUpdated, id: "toast-success" }));
    const message = await screen.findByText("Your name was updated.");
    const item = message.closest("[data-sonner-toast]") as HTMLElement;
    expect(item).not.toBeNull();
    expect(item.getAttribute("data-type")).toBe("success");
    expect(within(item).getByRole("button", { name: "Close" })).toBeTruthy();
    // The no-JavaScript status region is gone: the message is shown once.
    expect(screen.getAllByText("Your name was updated.")).toHaveLength(1);
  });

  it("names the region Notifications (with the Alt+T hotkey) and sits top-right", async () => {
    render(toaster({ ...nameUpdated, id: "toast-region" }));
    const message = await screen.findByText("Your name was updated.");
    const region = screen.getByRole("region", { name: "Notifications alt+T" });
    expect(region.tagName).toBe("SECTION");
    const list = message.closest("[data-sonner-toaster]") as HTMLElement;
    expect(region.contains(list)).toBe(true);
    expect(list.getAttribute("data-y-position")).toBe("top");
    expect(list.getAttribute("data-x-position")).toBe("right");
    expect(list.getAttribute("dir")).toBe("ltr");
  });

  it("translates the close button and follows the direction", async () => {
    render(toaster({ ...nameUpdated, id: "toast-fr" }, "fr", "rtl"));
    const message = await screen.findByText("Votre nom a été mis à jour.");
    const item = message.closest("[data-sonner-toast]") as HTMLElement;
    expect(within(item).getByRole("button", { name: "Fermer" })).toBeTruthy();
    expect(message.closest("[data-sonner-toaster]")?.getAttribute("dir")).toBe("rtl");
  });

  it("shows a loading toast", async () => {
    render(toaster({ id: "toast-loading", type: "loading", message: "ui.pending" }));
    const message = await screen.findByText("Loading...");
    expect(message.closest("[data-sonner-toast]")?.getAttribute("data-type")).toBe("loading");
  });

  it("keeps at most 3 toasts visible", async () => {
    const { rerender } = render(toaster({ id: "toast-a", type: "info", message: "account.nameUpdated" }));
    await screen.findByText("Your name was updated.");
    for (const [index, id] of ["b", "c", "d"].entries()) {
      rerender(toaster({ id: `toast-${id}`, type: "error", message: "errors.serverError" }));
      await waitFor(() => expect(document.querySelectorAll("[data-sonner-toast]")).toHaveLength(index + 2));
    }
    const visible = [...document.querySelectorAll("[data-sonner-toast]")].map((item) =>
      item.getAttribute("data-visible"),
    );
    expect(visible).toEqual(["true", "true", "true", "false"]);
  });

  it("turns the server's status region into a toast when the page hydrates (a flash on a full page load)", async () => {
    const ui = toaster({ ...nameUpdated, id: "toast-hydrated" });
    const container = document.createElement("div");
    document.body.append(container);
    container.innerHTML = renderToString(ui);
    expect(within(container).getByRole("status").textContent).toBe("Success: Your name was updated.");
    await act(async () => {
      hydrated = { root: hydrateRoot(container, ui), container };
    });
    const message = await screen.findByText("Your name was updated.");
    expect(message.closest("[data-sonner-toast]")).not.toBeNull();
    expect(within(container).queryByRole("status")).toBeNull();
  });

  it("closes a toast with its Close button", async () => {
    render(toaster({ ...nameUpdated, id: "toast-close" }));
    const message = await screen.findByText("Your name was updated.");
    const item = message.closest("[data-sonner-toast]") as HTMLElement;
    await act(async () => {
      fireEvent.click(within(item).getByRole("button", { name: "Close" }));
    });
    expect(item.getAttribute("data-removed")).toBe("true");
  });
});
