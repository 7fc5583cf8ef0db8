// No dictionary key that nothing uses: each key of the English dictionary (the others must have the same keys) is
// written somewhere in the code as a string, or belongs to a family the code reads by a computed key.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import en from "./en/translation";

/**
 * Families read by a computed key (the login error variants, the auth error codes, page metadata), and the product's
 * catalogue of generic and access messages (docs/product.md), kept translated for the checks that will show them.
 */
const COMPUTED = [
  /^loginError\./,
  /^authErrors\./,
  /^meta\./,
  /^access\./,
  /^validation\.(required|invalidEmail)$/,
  // A generated entity's section, read by the shared entity pages (app/components/entity/entity-pages.tsx, ADR 045);
  // a feature with pages of its own (repositories) names its keys, and is checked like the rest.
  ...generatedEntities().map((name) => new RegExp(`^${name}\\.`)),
];

function generatedEntities(): string[] {
  if (!existsSync("app/features")) return [];
  return readdirSync("app/features").filter((name) => {
    const definition = join("app/features", name, "entity.ts");
    return existsSync(definition) && readFileSync(definition, "utf8").includes("defineEntity(");
  });
}

function keysOf(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "object" && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function sources(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return name === "locales" ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("the dictionaries", () => {
  it("hold no key that nothing uses", () => {
    const code = sources("app")
      .map((path) => readFileSync(path, "utf8"))
      .join("\n");
    const unused = keysOf(en).filter(
      (key) => !COMPUTED.some((family) => family.test(key)) && !code.includes(`"${key}`),
    );
    expect(unused).toEqual([]);
  });
});
