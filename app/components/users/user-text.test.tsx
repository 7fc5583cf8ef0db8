// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { useTranslation } from "~/lib/translation";
import { renderWithRouter } from "../../../tests/support/render";
import { WithUserText } from "./user-text";

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <h1>
      <WithUserText sentence={(value) => t("app.greeting", { name: value })} value={name} />
    </h1>
  );
}

describe("WithUserText", () => {
  it("reads as the translated sentence, the typed value in a <bdi>", () => {
    renderWithRouter(() => <Greeting name="Ada." />);
    const heading = screen.getByRole("heading", { name: "Hello, Ada." });
    expect(heading.innerHTML).toBe("Hello, <bdi>Ada.</bdi>");
  });

  it("isolates an English name in the Arabic greeting", () => {
    renderWithRouter(() => <Greeting name="Grace Hopper!" />, { language: "ar" });
    const heading = screen.getByRole("heading");
    expect(heading.textContent).toBe("مرحبًا، Grace Hopper!");
    expect(heading.querySelector("bdi")?.textContent).toBe("Grace Hopper!");
  });

  it("gives a value its direction when asked", () => {
    renderWithRouter(() => (
      <WithUserText sentence={(email) => `Signed in as ${email}`} value="ada@example.com" dir="ltr" />
    ));
    expect(screen.getByText("ada@example.com").outerHTML).toBe('<bdi dir="ltr">ada@example.com</bdi>');
  });

  it("keeps a value that looks like the placeholder or like markup as text", () => {
    renderWithRouter(() => <Greeting name={"<b>\u{E000}</b>"} />);
    expect(screen.getByRole("heading").textContent).toBe("Hello, <b>\u{E000}</b>");
  });
});
