import { describe, expect, it } from "vitest";

import { initialsOf } from "./avatar";

describe("initialsOf", () => {
  it("takes the first letters of the first and last names", () => {
    expect(initialsOf("Grace Brewster Hopper")).toBe("GH");
    expect(initialsOf("ada")).toBe("A");
  });

  it("reads an e-mail's local part when there is no name", () => {
    expect(initialsOf("uma.user@example.com")).toBe("UU");
  });

  it("keeps other scripts whole", () => {
    expect(initialsOf("أحمد علي")).toBe("أع");
    expect(initialsOf("Émile Zola")).toBe("ÉZ");
  });

  it("never returns nothing", () => {
    expect(initialsOf("   ")).toBe("?");
  });
});
