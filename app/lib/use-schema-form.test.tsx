// @vitest-environment happy-dom
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";

import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { newUserSchema } from "~/features/users/entity";
import { i18nFor } from "../../tests/support/render";
import { isFirstInvalid, useSchemaForm } from "./use-schema-form";

/** The server's 400 reply to `values`, as an action builds it. */
function replyTo(values: Record<string, string>): SubmissionResult<string[]> {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  return parseWithZod(form, { schema: newUserSchema }).reply();
}

function UserFields({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useSchemaForm(newUserSchema, { lastResult });
  return (
    <form {...getFormProps(form)}>
      <Field
        {...getInputProps(fields.email, { type: "email" })}
        label="Email"
        errors={fields.email.errors}
        errorId="e"
      />
      <Field {...getInputProps(fields.name, { type: "text" })} label="Name" errors={fields.name.errors} errorId="n" />
      <SelectField field={fields.role} label="Role">
        <option value="user">User</option>
      </SelectField>
      <SelectField field={fields.language} label="Language">
        <option value="en">English</option>
      </SelectField>
    </form>
  );
}

/** The page as the server sends it after a refused submission (what a browser without JavaScript shows). */
function serverPage(lastResult: SubmissionResult<string[]> | undefined) {
  const page = document.createElement("div");
  const Stub = createRoutesStub([{ path: "/", Component: () => <UserFields lastResult={lastResult} /> }]);
  page.innerHTML = renderToString(
    <I18nextProvider i18n={i18nFor("en")}>
      <Stub />
    </I18nextProvider>,
  );
  return page;
}

const autofocused = (page: HTMLElement) => [...page.querySelectorAll("[autofocus]")].map((e) => e.getAttribute("name"));

describe("the first invalid field takes focus", () => {
  it("is the first field in the form's order that has an error, and only that one; typed values stay", () => {
    const page = serverPage(replyTo({ email: "a@b", name: "", role: "user", language: "en" }));
    expect(autofocused(page)).toEqual(["email"]);
    expect(page.querySelector<HTMLInputElement>('[name="email"]')?.getAttribute("value")).toBe("a@b");

    const later = serverPage(replyTo({ email: "ada@example.test", name: "", role: "nobody", language: "en" }));
    expect(autofocused(later)).toEqual(["name"]);
    expect(later.querySelector('[name="email"]')?.getAttribute("value")).toBe("ada@example.test");
  });

  it("is a select when the select is the first invalid field", () => {
    const page = serverPage(replyTo({ email: "ada@example.test", name: "Ada", role: "user", language: "xx" }));
    expect(autofocused(page)).toEqual(["language"]);
  });

  it("is nobody before a submission, nor after one that had no field error", () => {
    expect(autofocused(serverPage(undefined))).toEqual([]);
    const form = new FormData();
    const formOnly = parseWithZod(form, { schema: newUserSchema }).reply({ formErrors: ["validation.invalidInput"] });
    expect(autofocused(serverPage({ ...formOnly, error: { "": ["validation.invalidInput"] } }))).toEqual([]);
  });

  it("isFirstInvalid reads only the mark useSchemaForm puts", () => {
    expect(isFirstInvalid(undefined)).toBe(false);
    expect(isFirstInvalid(["validation.required"])).toBe(false);
  });
});
