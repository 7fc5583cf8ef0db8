// Where focus goes: back to the control that opened a dialog when the dialog closes (JavaScript: without it a dialog
// is a page of its own, left by its links), and onto the first invalid field of a form answered with errors (both).

import { expect, sessionCookie, signInWithRole, sql, test, uniqueEmail } from "./fixtures";

async function repositoryPath(databaseUrl: string) {
  const result = await sql(databaseUrl, "select id from repository where name_key = 'react-router'");
  return `/manager/repositories/${String(result.rows[0]?.id)}`;
}

// Without JavaScript a dialog closes by its links only.
test.describe("focus after a dialog closes", { tag: "@js-only" }, () => {
  test("Escape and Cancel give focus back to the Delete button of a repository", async ({ page, mail, app }, info) => {
    await signInWithRole(page, mail, app, info, "admin");
    await page.goto(await repositoryPath(app.databaseUrl));
    const opener = page.getByRole("link", { name: "Delete" });
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });

    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(opener, "the dialog has focus while open").not.toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Cancel" }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("Escape gives focus back to the Ban button of a user, also when the page was opened on the dialog", async ({
    page,
    mail,
    app,
  }, info) => {
    await signInWithRole(page, mail, app, info, "admin");
    const target = await sessionCookie(app, { email: uniqueEmail(info, "ban-focus"), name: "Bo Focus", role: "user" });
    await page.goto(`/manager/users/${target.userId}`);
    const opener = page.getByRole("link", { name: "Ban" });
    const dialog = page.getByRole("dialog", { name: "Ban this user" });

    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Ban");

    // A dialog open from its URL had no opener: focus goes to the link that opens it.
    await page.goto(`/manager/users/${target.userId}?modal=ban`);
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe("focus on the first invalid field", () => {
  test(
    "the sign-in e-mail form (no JavaScript on this page in either project)",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.goto("/login");
      await page.getByLabel("Email").fill("a@b");
      await page.getByRole("button", { name: "Continue with e-mail" }).click();
      await expect(page.getByText("Email is invalid")).toBeVisible();
      await expect(page.getByLabel("Email")).toBeFocused();
      await expect(page.getByLabel("Email")).toHaveValue("a@b");
    },
  );

  test("the repository form, on the browser's and on the server's errors", async ({ page, mail, app }, info) => {
    await signInWithRole(page, mail, app, info, "admin");
    await page.goto("/manager/repositories/new");
    const name = page.getByLabel("Name", { exact: true });
    const link = page.getByLabel("Link", { exact: true });
    const create = page.getByRole("button", { name: "Create" });

    // The second field is the first one wrong.
    await name.fill("zz-focus-repository");
    await link.fill("abc");
    await create.click();
    await expect(page.getByText("Invalid link, must be at least 4 characters")).toBeVisible();
    await expect(link).toBeFocused();
    await expect(name).toHaveValue("zz-focus-repository");
    await expect(link).toHaveValue("abc");

    // Both wrong: the first one in the form's order.
    await name.fill("");
    await create.click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(name).toBeFocused();
    await expect(link).toHaveValue("abc");

    // Only the server knows: the name is taken.
    await name.fill("React-Router");
    await link.fill("github.com/someone/react-router");
    await create.click();
    await expect(page.getByText("Name already used")).toBeVisible();
    await expect(name).toBeFocused();
    await expect(link).toHaveValue("github.com/someone/react-router");

    // The description, a textarea of its own, is the last field: alone wrong, it takes the focus. (Set from script:
    // the textarea's maxlength stops a person typing that much.)
    const description = page.getByLabel("Description", { exact: true });
    await name.fill("zz-focus-description");
    await description.evaluate((element: HTMLTextAreaElement) => (element.value = "x".repeat(1001)));
    await create.click();
    await expect(page.getByText("1000")).toBeVisible();
    await expect(description).toBeFocused();
    await expect(name).toHaveValue("zz-focus-description");
  });

  test("the manager's user form", async ({ page, mail, app }, info) => {
    await signInWithRole(page, mail, app, info, "admin");
    await page.goto("/manager/users/new");
    const email = page.getByLabel("E-mail", { exact: true });
    const name = page.getByLabel("Name", { exact: true });
    await email.fill("ada@example.test");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(name).toBeFocused();
    await expect(email).toHaveValue("ada@example.test");
  });
});
