import { describe, expect, it } from "vitest";

import { newUserSchema, readUserListOrder, userSchema } from "./entity";

const order = (search: string) => readUserListOrder(new URL(`http://groundwork.test/manager/users${search}`));

describe("the user list's order in the URL", () => {
  it("reads a sort and a direction, and gives each sort its own first direction", () => {
    expect(order("")).toEqual({ sort: "email", direction: "asc" });
    expect(order("?sort=name")).toEqual({ sort: "name", direction: "asc" });
    expect(order("?sort=createdAt")).toEqual({ sort: "createdAt", direction: "desc" });
    expect(order("?sort=createdAt&direction=asc")).toEqual({ sort: "createdAt", direction: "asc" });
    expect(order("?sort=email&direction=desc")).toEqual({ sort: "email", direction: "desc" });
  });

  it("reads anything else as the default, never an error", () => {
    for (const search of ["?sort=password", "?sort=", "?sort=NAME", "?sort=name%00", "?direction=up", "?sort[]=name"])
      expect(order(search), search).toEqual({ sort: "email", direction: "asc" });
    expect(order("?sort=name&direction=sideways")).toEqual({ sort: "name", direction: "asc" });
  });
});

describe("the user form", () => {
  it("stores the e-mail lower-cased and the name as onboarding does", () => {
    const parsed = userSchema.safeParse({ email: " Nia@Example.TEST ", name: "  Nia  ", role: "admin" });
    expect(parsed).toMatchObject({ success: true, data: { email: "nia@example.test", name: "Nia", role: "admin" } });
  });

  it("refuses an unknown role, an unknown language and a name that cannot be seen", () => {
    const base = { email: "nia@example.test", name: "Nia", role: "user", language: "fr" };
    expect(newUserSchema.safeParse(base).success).toBe(true);
    expect(newUserSchema.safeParse({ ...base, role: "owner" }).success).toBe(false);
    expect(newUserSchema.safeParse({ ...base, language: "de" }).success).toBe(false);
    expect(newUserSchema.safeParse({ ...base, name: "\u200b" }).success).toBe(false);
    expect(newUserSchema.safeParse({ ...base, email: "nia@" }).success).toBe(false);
  });
});
