import { expect, searchFor, signInWithRole, test } from "./fixtures";

test.describe("the manager's users", () => {
  test("an admin lists, searches and opens users", async ({ page, mail, app }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "admin");
    await page.goto("/manager");
    await page.getByRole("link", { name: "Users" }).first().click();
    await expect(page).toHaveURL(/\/manager\/users$/);
    const list = page.getByRole("list", { name: "Users" });
    await expect(list.getByText("admin@example.com")).toBeVisible();
    await expect(list.getByText("user@example.com")).toBeVisible();

    await searchFor(page, "admin@", testInfo);
    await expect(list.getByText("user@example.com")).toHaveCount(0);
    await list.getByRole("link", { name: /admin@example.com/ }).click();
    await expect(page.getByRole("heading", { name: "Admin" })).toBeVisible();
    await expect(page.getByText("Administrator")).toBeVisible();

    const response = await page.goto("/manager/users/nobody");
    expect(response?.status()).toBe(404);
  });

  test("an ordinary user cannot see them", async ({ page, mail, app }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "user");
    const response = await page.goto("/manager/users");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
  });
});
