// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";

import { i18nFor } from "../../../tests/support/render";
import { Alert } from "./alert";
import { Button } from "./button";
import { Field } from "./field";

afterEach(cleanup);

function renderIn(ui: ReactNode, language = "en") {
  return render(<I18nextProvider i18n={i18nFor(language)}>{ui}</I18nextProvider>);
}

describe("Field", () => {
  it("binds its label to the input and passes the input's attributes through", () => {
    renderIn(
      <Field id="email" name="email" type="email" label="Email" errorId="email-error" required defaultValue="a@b.c" />,
    );
    const input = screen.getByLabelText("Email") as HTMLInputElement;
    expect(input.tagName).toBe("INPUT");
    expect(input.id).toBe("email");
    expect(input.name).toBe("email");
    expect(input.type).toBe("email");
    expect(input.required).toBe(true);
    expect(input.value).toBe("a@b.c");
  });

  it("reserves an empty error line, described by errorId, when there is no error", () => {
    const { container } = renderIn(<Field id="email" name="email" label="Email" errorId="email-error" />);
    const input = screen.getByLabelText("Email");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.getAttribute("aria-describedby")).toBe("email-error");
    const line = container.querySelector("#email-error");
    expect(line).not.toBeNull();
    expect(line?.textContent).toBe("");
    expect(line?.getAttribute("aria-live")).toBe("polite");
  });

  it("shows the first error, translated, in the error line and marks the input invalid", () => {
    const { container } = renderIn(
      <Field
        id="email"
        name="email"
        label="Email"
        errorId="email-error"
        errors={["validation.emailInvalid", "validation.required"]}
      />,
    );
    const input = screen.getByLabelText("Email");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("email-error");
    expect(container.querySelector("#email-error")?.textContent).toBe("Email is invalid");
  });

  it("interpolates the params of a message key", () => {
    const { container } = renderIn(
      <Field id="bio" name="bio" label="Bio" errorId="bio-error" errors={['validation.tooLong|{"max":1000}']} />,
    );
    expect(container.querySelector("#bio-error")?.textContent).toBe("Must be at most 1000 characters");
  });

  it("speaks French", () => {
    const { container } = renderIn(
      <Field id="bio" name="bio" label="Bio" errorId="bio-error" errors={['validation.tooLong|{"max":1000}']} />,
      "fr",
    );
    expect(container.querySelector("#bio-error")?.textContent).toBe("Doit comporter au plus 1000 caractères");
  });

  it("falls back to a generic message for an unknown key", () => {
    const { container } = renderIn(
      <Field id="x" name="x" label="X" errorId="x-error" errors={["validation.noSuchKey"]} />,
    );
    expect(container.querySelector("#x-error")?.textContent).toBe("Invalid input");
  });

  it("shows its description", () => {
    renderIn(<Field id="name" name="name" label="Name" errorId="name-error" description="As shown to others" />);
    expect(screen.getByText("As shown to others").tagName).toBe("P");
  });
});

describe("Button", () => {
  it("submits by default and is not busy", () => {
    const { container } = render(<Button>Save</Button>);
    const button = screen.getByRole("button", { name: "Save" });
    expect(button.getAttribute("type")).toBe("submit");
    expect(button.hasAttribute("aria-busy")).toBe(false);
    expect(container.querySelector(".animate-spin")).toBeNull();
  });

  it("keeps an explicit type", () => {
    render(<Button type="button">Open</Button>);
    expect(screen.getByRole("button", { name: "Open" }).getAttribute("type")).toBe("button");
  });

  it("is busy with a spinner hidden from assistive technology while pending", () => {
    render(<Button pending>Save</Button>);
    const button = screen.getByRole("button", { name: "Save" });
    expect(button.getAttribute("aria-busy")).toBe("true");
    const spinner = button.querySelector(".animate-spin");
    expect(spinner).not.toBeNull();
    expect(spinner?.getAttribute("aria-hidden")).toBe("true");
    expect(button.textContent).toBe("Save");
  });

  it("applies the variant and extra classes", () => {
    render(
      <Button variant="danger" className="w-full">
        Delete
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Delete" });
    expect(button.className).toContain("bg-red-600");
    expect(button.className).toContain("w-full");
  });
});

describe("Alert", () => {
  it("is an alert for errors", () => {
    render(<Alert tone="error">Broken</Alert>);
    expect(screen.getByRole("alert").textContent).toBe("Broken");
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("is a status otherwise", () => {
    render(
      <>
        <Alert>Note</Alert>
        <Alert tone="success">Done</Alert>
      </>,
    );
    expect(screen.getAllByRole("status").map((status) => status.textContent)).toEqual(["Note", "Done"]);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
