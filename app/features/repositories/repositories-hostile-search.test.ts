// "User input never produces a 500", at the size where a search goes through the trigram index (ADR 006): whatever
// string reaches listRepositories, from the URL or from another caller, it answers with a page.
import { beforeAll, describe, expect, it } from "vitest";

import { db } from "~/.server/platform/db/client";
import { listRepositories, saveRepository, SEARCH_WINDOW, seedBenchmarkRepositories } from "./repositories.server";

/** Who acts in the audit trail when a test saves: nobody signed in. */
const nobody = { user: null, impersonatorId: null, ip: null };

beforeAll(async () => {
  await seedBenchmarkRepositories(SEARCH_WINDOW + 500, db);
  await saveRepository(
    { name: "zzz-needle", link: "example.com/needle", description: "Holds the rare word abcneedle." },
    null,
    nobody,
  );
});

const hostile = [
  "\u0000abc",
  "a\u0000",
  "abc\u0000def",
  "abcneedle\u0000",
  "é\u0000abc",
  "\u0000\u0000\u0000",
  "\u0001\u001f\u007f\u009f",
  '"',
  '"""',
  "'",
  "a'b\"c",
  "*",
  "abc*",
  "NEAR(",
  "NEAR(a b)",
  "abc OR def",
  "^abc",
  "col:umn",
  "\ud800",
  "abc\udfff",
  "\udc00\ud800\udbff",
  "\ufffe\uffff",
  "\u202eabc",
  "x".repeat(10_000),
  "é".repeat(10_000),
  "\u0000".repeat(10_000),
];

const found = async (searchTerm: string) => (await listRepositories({ searchTerm })).items.map((row) => row.name);

describe("listRepositories with hostile search terms, beyond the search window", () => {
  it.each(hostile.map((term) => [JSON.stringify(term).slice(0, 40), term]))("answers for %s", async (_, term) => {
    const result = await listRepositories({ searchTerm: term });
    expect(result.items).toEqual(expect.any(Array));
  });

  it.each(hostile.map((term) => [JSON.stringify(term).slice(0, 40), term]))(
    "answers for the cursor %s",
    async (_, cursor) => {
      const result = await listRepositories({ cursor, searchTerm: "abcneedle" });
      expect(result.items).toEqual(expect.any(Array));
    },
  );

  it("searches for what is left once the control characters are gone", async () => {
    // A NUL used to cut the LIKE pattern down to "%": every name matched.
    expect(await found("\u0000abc")).toEqual(["zzz-needle"]);
    expect(await found("abcneedle\u0000")).toEqual(["zzz-needle"]);
    expect(await found("abc\u0000need\u0007le")).toEqual(["zzz-needle"]);
    expect(await found("rare\tword")).toEqual(["zzz-needle"]);
  });
});
