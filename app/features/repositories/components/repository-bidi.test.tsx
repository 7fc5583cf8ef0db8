// @vitest-environment happy-dom
// In Arabic (right to left) an English repository must keep its punctuation where it was typed: every value a person
// typed sits in its own bidi isolate, a <bdi> or an element with `dir` (which the HTML rendering rules isolate).
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { HomePage } from "~/components/home/home-page";
import type { RepositoryView as Repository } from "~/features/repositories/entity";
import { renderWithRouter } from "../../../../tests/support/render";
import { RepositoryDetails } from "./repository-details";
import { RepositoryLink } from "./repository-link";
import { RepositoryList } from "./repository-list";

afterEach(cleanup);

const repository: Repository = {
  id: "r1",
  name: "Groundwork (starter).",
  link: "github.com/groundwork-starter/groundwork",
  description: "A starter, with forms that work without JavaScript!\nSecond line.",
  createdAt: new Date("2024-01-02T03:04:05Z"),
  updatedAt: new Date("2024-01-02T03:04:05Z"),
};

/** The closest element around `element` (itself included) that isolates its text: <bdi>, or any `dir`. */
function isolate(element: Element): Element | null {
  return element.closest("bdi, [dir]:not(html)");
}

/** The element whose own text is exactly `text`. */
function byOwnText(text: string): HTMLElement {
  return screen.getByText((_, element) =>
    [...(element?.childNodes ?? [])].some((node) => node.nodeType === 3 && node.textContent === text),
  );
}

describe("repository text in a right-to-left page", () => {
  it("isolates the name and gives the description its own direction in the details", () => {
    renderWithRouter(() => <RepositoryDetails repository={repository} />, { language: "ar" });
    const name = byOwnText(repository.name);
    expect(name.tagName).toBe("BDI");
    const description = byOwnText(repository.description);
    expect(description.getAttribute("dir")).toBe("auto");
    // jsdom names the link with a space at each <wbr> (a line-break opportunity), where a browser adds none.
    const link = screen.getByRole("link", { name: (accessible) => accessible.replaceAll(" ", "") === repository.link });
    expect(isolate(link)?.getAttribute("dir")).toBe("ltr");
  });

  it("shows the missing description in the page's words", () => {
    renderWithRouter(() => <RepositoryDetails repository={{ ...repository, description: "" }} />, { language: "ar" });
    expect(screen.getByText("لا يوجد وصف")).toBeTruthy();
  });

  it("isolates a link that is not clickable too", () => {
    renderWithRouter(() => <RepositoryLink link="javascript:alert(1)." />, { language: "ar" });
    expect(byOwnText("javascript:alert(1).").getAttribute("dir")).toBe("ltr");
  });

  it("isolates the name and the link of each item of the list", () => {
    renderWithRouter(
      () => (
        <RepositoryList
          data={{
            searchTerm: "",
            listError: false,
            isFirstPage: true,
            firstPageHref: "/app/repositories",
            page: { items: [repository], nextHref: null },
          }}
          detailHref={(id) => `/app/repositories/${id}`}
        />
      ),
      { language: "ar", url: "/app/repositories" },
    );
    const row = within(screen.getByRole("table", { name: "المستودعات" })).getAllByRole("row")[1]!;
    const item = within(row).getByRole("link");
    expect(item.textContent).toContain(repository.name);
    expect(isolate(within(item).getByText(repository.name))?.tagName).toBe("BDI");
    expect(isolate(within(row).getByText(repository.link))?.getAttribute("dir")).toBe("ltr");
  });

  it("isolates the name and gives the description its own direction on the home page", () => {
    renderWithRouter(
      () => (
        <div dir="rtl" lang="ar">
          <HomePage
            home={{
              name: "Ada Lovelace.",
              email: "ada@example.com",
              organizations: [{ id: "o1", name: "Analytical Engines, Ltd.", slug: "engines", role: "owner" }],
              organizationCount: 1,
              invitations: [],
              repositories: [repository],
              can: { createOrganization: true, readRepositories: true, openManager: false },
            }}
          />
        </div>
      ),
      { language: "ar", url: "/app" },
    );
    expect(isolate(byOwnText("Ada Lovelace."))?.tagName).toBe("BDI");
    expect(isolate(byOwnText("ada@example.com"))?.getAttribute("dir")).toBe("ltr");
    expect(isolate(byOwnText("Analytical Engines, Ltd."))?.tagName).toBe("BDI");
    expect(isolate(byOwnText(repository.name))?.tagName).toBe("BDI");
    // The English description keeps its "!" at its end (on the right) inside the Arabic page: its own direction.
    expect(byOwnText(repository.description).getAttribute("dir")).toBe("auto");
  });
});
