// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useLoaderData, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { i18nFor, renderWithRouter } from "../../../tests/support/render";
import { ConfirmDialog } from "./confirm-dialog";

afterEach(cleanup);

function CurrentUrl() {
  const location = useLocation();
  return <output data-testid="url">{`${location.pathname}${location.search}`}</output>;
}

const fields = { intent: "delete", id: "repo-42" };

function confirm(action?: string) {
  return (
    <>
      <ConfirmDialog
        name="delete-repo"
        description="The repository will be deleted."
        fields={fields}
        {...(action ? { action } : {})}
      />
      <CurrentUrl />
    </>
  );
}

function hiddenFields(form: HTMLElement) {
  return [...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map(
    (input) => `${input.name}=${input.value}`,
  );
}

describe("ConfirmDialog", () => {
  it("is closed without ?modal=<name>", () => {
    renderWithRouter(() => confirm(), { url: "/app/repositories?modal=other" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByText("Are you sure?")).toBeNull();
  });

  it("asks for confirmation with the description, Cancel and a form posting the fields", () => {
    renderWithRouter(() => confirm(), { url: "/app/repositories?searchTerm=a&modal=delete-repo" });
    const dialog = screen.getByRole("dialog", { name: "Are you sure?" });
    expect(within(dialog).getByRole("heading", { name: "Are you sure?" })).toBeTruthy();
    expect(within(dialog).getByText("The repository will be deleted.")).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Cancel" }).getAttribute("href")).toBe(
      "/app/repositories?searchTerm=a",
    );
    // Its own Cancel replaces the dialog's Close link.
    expect(within(dialog).queryByRole("link", { name: "Close" })).toBeNull();

    const confirmButton = within(dialog).getByRole("button", { name: "Confirm" });
    expect(confirmButton.getAttribute("type")).toBe("submit");
    const form = confirmButton.closest("form") as HTMLFormElement;
    expect(form.getAttribute("method")?.toLowerCase()).toBe("post");
    expect(hiddenFields(form)).toEqual(["intent=delete", "id=repo-42"]);
  });

  it("posts to the given action", () => {
    renderWithRouter(() => confirm("/app/repositories/42/delete"), { url: "/app/repositories?modal=delete-repo" });
    const form = screen.getByRole("button", { name: "Confirm" }).closest("form") as HTMLFormElement;
    expect(form.getAttribute("action")).toBe("/app/repositories/42/delete");
  });

  it("works without JavaScript: the server renders it open with a Cancel link and the form", () => {
    const Stub = createRoutesStub([{ path: "*", Component: () => confirm() }]);
    const html = renderToString(
      <I18nextProvider i18n={i18nFor("en")}>
        <Stub initialEntries={["/app/repositories?searchTerm=a&modal=delete-repo"]} />
      </I18nextProvider>,
    );
    expect(html).toMatch(/<dialog [^>]*open=""/);
    expect(html).toContain("Are you sure?");
    expect(html).toMatch(/<a [^>]*href="\/app\/repositories\?searchTerm=a"[^>]*>Cancel<\/a>/);
    expect(html).toMatch(/<form [^>]*method="post"/);
    expect(html).toContain('<input type="hidden" name="intent" value="delete"/>');
    expect(html).toContain('<input type="hidden" name="id" value="repo-42"/>');
    expect(html).toMatch(/<button type="submit"[^>]*>Confirm<\/button>/);
  });

  it("speaks French", () => {
    renderWithRouter(() => confirm(), { url: "/x?modal=delete-repo", language: "fr" });
    expect(screen.getByRole("dialog", { name: "Êtes-vous sûr ?" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Annuler" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Confirmer" })).toBeTruthy();
  });

  it("closes with Cancel", async () => {
    renderWithRouter(() => confirm(), { url: "/x?searchTerm=a&modal=delete-repo" });
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Cancel" }));
    });
    expect(screen.getByTestId("url").textContent).toBe("/x?searchTerm=a");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("submits the fields to the route's action on Confirm", async () => {
    const received: Record<string, FormDataEntryValue>[] = [];
    const Stub = createRoutesStub([
      {
        path: "/x",
        Component: () => {
          const data = useLoaderData<{ deleted: boolean }>();
          return (
            <>
              <p>{data.deleted ? "deleted" : "present"}</p>
              {confirm()}
            </>
          );
        },
        HydrateFallback: () => null,
        loader: () => ({ deleted: received.length > 0 }),
        action: async ({ request }) => {
          received.push(Object.fromEntries(await request.formData()));
          return null;
        },
      },
    ]);
    await act(async () => {
      render(
        <I18nextProvider i18n={i18nFor("en")}>
          <Stub initialEntries={["/x?modal=delete-repo"]} />
        </I18nextProvider>,
      );
    });
    expect(await screen.findByText("present")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    });
    expect(await screen.findByText("deleted")).toBeTruthy();
    expect(received).toEqual([{ intent: "delete", id: "repo-42" }]);
  });
});
