// "User input never produces a 500": whatever a person types in the search box or the URL, the list answers.
import { describe, expect, it } from "vitest";

import { listRepositories, saveRepository } from "./repositories.server";

/** Who acts in the audit trail when a test saves: nobody signed in. */
const nobody = { user: null, impersonatorId: null, ip: null };

await saveRepository(
  {
    name: "quote \"and\" 'apostrophe'",
    link: "example.com/q",
    description: "a NEAR b * ^ - : ( ) 100% done_ok \\ back",
  },
  null,
  nobody,
);

const awkward = [
  '"',
  "'",
  "\\",
  "\u0000",
  "%",
  "_",
  "*",
  "NEAR(",
  "a OR b",
  "^abc",
  "-abc",
  "col:umn",
  "(((",
  "🙂🙂🙂",
  "é",
  "ÉCOLE",
  "   ",
  "x".repeat(199),
  '"and"',
  "100%",
  "done_ok",
  "\\ back",
  "NEAR b",
];

describe("repository search with awkward input", () => {
  it.each(awkward)("answers for %j", async (term) => {
    await expect(listRepositories({ searchTerm: term })).resolves.toMatchObject({ items: expect.any(Array) });
  });

  it("finds text with quotes, percent signs and underscores literally", async () => {
    for (const term of ['"and"', "100%", "done_ok", "\\ back", "NEAR b"]) {
      expect(
        (await listRepositories({ searchTerm: term })).items.map((item) => item.name),
        term,
      ).toEqual(["quote \"and\" 'apostrophe'"]);
    }
  });

  it.each(["", "!!!", "%%%", "not-base64-@@", "\u0000", "zzzz".repeat(100)])(
    "treats the cursor %j as a place in the list, never an error",
    async (cursor) => {
      await expect(listRepositories({ cursor })).resolves.toMatchObject({ items: expect.any(Array) });
    },
  );
});
