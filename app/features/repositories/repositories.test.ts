// Repositories against a real libSQL file (a fresh copy of the migrated template for this file): the unique name
// under a race, keyset pages, and both search strategies (ADR 006).
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { db } from "~/.server/platform/db/client";
import { user } from "~/.server/platform/db/schema";
import { repositoryNameKey } from "./entity";
import {
  countRepositories,
  deleteRepository,
  getRepository,
  listRepositories,
  newestRepositories,
  saveRepository,
  SEARCH_WINDOW,
  seedBenchmarkRepositories,
  seedRepositories,
  SORT_AT_MOST,
  WALK_WINDOW,
  type Repository,
  type RepositoryListItem,
} from "./repositories.server";
import { repository } from "./table.server";

/** Who acts in the audit trail when a test saves: nobody signed in. */
const nobody = { user: null, impersonatorId: null, ip: null };

const input = (name: string, more: { link?: string; description?: string } = {}) => ({
  name,
  link: more.link ?? `github.com/example/${encodeURIComponent(name)}`,
  description: more.description ?? "",
});

async function create(name: string, more: { link?: string; description?: string } = {}): Promise<Repository> {
  const result = await saveRepository(input(name, more), null, nobody);
  if (!result.ok) throw new Error(`could not create ${name}: ${result.error}`);
  return result.repository;
}

/** SQLite compares text byte by byte (UTF-8, BINARY collation): the order the lists promise. */
const byNameKey = (a: { nameKey: string }, b: { nameKey: string }) =>
  Buffer.compare(Buffer.from(a.nameKey), Buffer.from(b.nameKey));

/** Every page of a list, following nextCursor until there is none. */
async function allPages(options: { searchTerm?: string; limit?: number } = {}) {
  const pages: RepositoryListItem[][] = [];
  let cursor: string | null = null;
  do {
    const page = await listRepositories({ ...options, cursor });
    pages.push(page.items);
    cursor = page.nextCursor;
    if (pages.length > 200) throw new Error("the pages never end");
  } while (cursor);
  return pages;
}

const names = (rows: Array<{ name: string }>) => rows.map((row) => row.name);
const search = async (searchTerm: string) => names((await allPages({ searchTerm })).flat());

beforeEach(async () => {
  await db.delete(repository);
});

describe("saving repositories", () => {
  it("creates a repository and reads it back", async () => {
    const [author] = await db
      .insert(user)
      .values({
        id: randomUUID(),
        email: "author@example.test",
        name: "Author",
        emailVerified: true,
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning();
    const result = await saveRepository(
      { name: "Groundwork", link: "github.com/groundwork-starter/groundwork", description: "The starter." },
      null,
      { user: { id: author!.id, email: "author@example.test" }, impersonatorId: null, ip: null },
    );
    expect(result).toMatchObject({
      ok: true,
      repository: { name: "Groundwork", nameKey: "groundwork", createdById: author!.id },
    });
    if (!result.ok) return;
    const read = await getRepository(result.repository.id);
    expect(read).toEqual(result.repository);
    expect(read).toMatchObject({
      link: "github.com/groundwork-starter/groundwork",
      description: "The starter.",
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    expect(await getRepository("does-not-exist")).toBeNull();
  });

  it("refuses a name already used in another case", async () => {
    await create("Alpha");
    expect(await saveRepository(input("alpha"), null, nobody)).toEqual({ ok: false, error: "name-used" });
    expect(await saveRepository(input("ALPHA"), null, nobody)).toEqual({ ok: false, error: "name-used" });
  });

  it("folds case beyond ASCII", async () => {
    await create("École");
    expect(await saveRepository(input("école"), null, nobody)).toEqual({ ok: false, error: "name-used" });
    expect(await saveRepository(input("E\u0301COLE"), null, nobody)).toEqual({
      ok: false,
      error: "name-used",
    });
    expect((await saveRepository(input("ecole"), null, nobody)).ok).toBe(true);
  });

  // Look-alike names collide, whichever is written first: the key folds what looks the same (NFKC, case) and leaves
  // out what cannot be seen, so even a caller that skipped the form cannot spoof an existing repository.
  it.each([
    ["composed", "Caf\u00e9", "decomposed", "Cafe\u0301"],
    ["decomposed", "Cafe\u0301", "composed", "caf\u00e9"],
    ["plain", "groundwork", "with a zero-width space", "ground\u200bwork"],
    ["plain", "groundwork", "with a right-to-left override", "\u202egroundwork"],
    ["plain", "groundwork", "with a soft hyphen", "ground\u00adwork"],
    ["plain", "groundwork", "with a combining grapheme joiner", "groundwork\u034f"],
    ["plain", "groundwork", "with a byte order mark", "ground\ufeffwork"],
    ["plain", "groundwork", "with a NUL", "groundwork\u0000"],
    ["with a zero-width joiner", "ground\u200dwork", "plain", "groundwork"],
    ["plain", "groundwork", "in full-width letters", "\uff47\uff52\uff4f\uff55\uff4e\uff44\uff57\uff4f\uff52\uff4b"],
    ["composed", "\u00e9cole", "decomposed behind a joiner", "e\u034f\u0301cole"],
  ])("refuses a name that looks the same: %s %j, then %s %j", async (_, first, __, second) => {
    await create(first);
    expect(await saveRepository(input(second), null, nobody)).toEqual({ ok: false, error: "name-used" });
    const other = await create("other");
    expect(await saveRepository(input(second), other.id, nobody)).toEqual({ ok: false, error: "name-used" });
  });

  it("stores the name composed (NFC)", async () => {
    const created = await create("Cafe\u0301 de\u0301ja\u0300");
    expect(created.name).toBe("Caf\u00e9 d\u00e9j\u00e0");
    const updated = await saveRepository(input("Re\u0301sume\u0301"), created.id, nobody);
    expect(updated).toMatchObject({ ok: true, repository: { name: "R\u00e9sum\u00e9" } });
  });

  it("updates, refusing another repository's name and an unknown id", async () => {
    const first = await create("First");
    const second = await create("Second");
    expect(await saveRepository(input("FIRST"), second.id, nobody)).toEqual({ ok: false, error: "name-used" });
    expect((await getRepository(second.id))?.name).toBe("Second");

    const renamed = await saveRepository(input("FIRST", { description: "Renamed in capitals." }), first.id, nobody);
    expect(renamed).toMatchObject({
      ok: true,
      repository: { id: first.id, name: "FIRST", nameKey: "first", description: "Renamed in capitals." },
    });
    if (renamed.ok) expect(renamed.repository.updatedAt.getTime()).toBeGreaterThanOrEqual(first.updatedAt.getTime());

    expect(await saveRepository(input("Third"), "does-not-exist", nobody)).toEqual({ ok: false, error: "not-found" });
    expect(await getRepository("does-not-exist")).toBeNull();
  });

  it("deletes once", async () => {
    const doomed = await create("Doomed");
    expect(await deleteRepository(doomed.id, nobody)).toBe(true);
    expect(await deleteRepository(doomed.id, nobody)).toBe(false);
    expect(await getRepository(doomed.id)).toBeNull();
  });

  it("lets exactly one of ten simultaneous creates of one name win", async () => {
    const spellings = ["Race", "race", "RACE", "rAce", "raCe", "racE", "RAce", "raCE", "RacE", "rACE"];
    const results = await Promise.all(spellings.map((name) => saveRepository(input(name), null, nobody)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual(
      Array.from({ length: 9 }, () => ({ ok: false, error: "name-used" })),
    );
    expect(await db.$count(repository)).toBe(1);
  });

  it("lets exactly one win when the creates come over separate connections", async () => {
    // Each module instance opens its own connection, as separate server processes sharing the file would.
    const instances = [];
    for (let index = 0; index < 5; index++) {
      vi.resetModules();
      instances.push(await import("./repositories.server"));
    }
    const results = await Promise.all(
      instances.map((instance, index) => instance.saveRepository(input(index % 2 ? "Twin" : "TWIN"), null, nobody)),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.error === "name-used")).toHaveLength(4);
  });
});

describe("listing repositories", () => {
  it("sorts by name without regard to case, and pages through every row once", async () => {
    const created: Repository[] = [];
    const spellings = [
      "Beta",
      "beta-2",
      "BETA-3",
      "alpha",
      "Alpha-2",
      "ALPHA-3",
      "École",
      "ecole",
      "Ecole-2",
      "zulu",
      "Zulu-2",
      "_underscore",
      "0-zero",
      "~tilde",
    ];
    for (const name of spellings) created.push(await create(name));
    for (let index = created.length; index < 45; index++)
      created.push(await create(`${index % 2 ? "Gamma" : "gamma"}-${String(index).padStart(2, "0")}`));
    const expected = [...created].sort(byNameKey);

    const pages = await allPages({ limit: 20 });
    expect(pages.map((page) => page.length)).toEqual([20, 20, 5]);
    expect(pages.flat().map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect(new Set(pages.flat().map((row) => row.id)).size).toBe(45);
    // "Alpha-2" sorts between "alpha" and "ALPHA-3": by the key, never by the spelling.
    expect(names(pages[0]!).slice(0, 8)).toEqual([
      "0-zero",
      "_underscore",
      "alpha",
      "Alpha-2",
      "ALPHA-3",
      "Beta",
      "beta-2",
      "BETA-3",
    ]);
  });

  it("answers the same pages when asked again", async () => {
    for (let index = 0; index < 45; index++) await create(`${index % 3 ? "repo" : "REPO"}-${index}`);
    const first = await allPages({ limit: 20 });
    const second = await allPages({ limit: 20 });
    expect(second.flat().map((row) => row.id)).toEqual(first.flat().map((row) => row.id));
    expect(first.map((page) => page.length)).toEqual([20, 20, 5]);
  });

  it("treats a cursor that cannot be read as the first page", async () => {
    await create("only");
    expect(names((await listRepositories({ cursor: "%%%" })).items)).toEqual(["only"]);
  });

  it("gives each row what the list shows, whichever way the page was read", async () => {
    const saved = await create("kestrél-notes", { description: "Field notes." });
    // The plain list, a prefix, a term found in the window, one found through the full-text index (non-ASCII).
    for (const term of ["", "ke", "notes", "kestrél"]) {
      const [row] = (await listRepositories({ searchTerm: term })).items;
      expect(Object.keys(row ?? {}).sort(), `term "${term}"`).toEqual(["id", "link", "name", "updatedAt"]);
      expect(row?.id).toBe(saved.id);
      expect(row?.updatedAt).toBeInstanceOf(Date);
    }
  });
});

describe("searching repositories", () => {
  it("finds a term of 3 characters or more in the name, the link or the description, in any case", async () => {
    await create("Kestrel-api", { link: "github.com/birds/kestrel-api" });
    await create("tools", { link: "https://gitlab.com/KESTREL/tools" });
    await create("notes", { description: "Field notes on the kestrel." });
    await create("other", { description: "Nothing to see." });
    expect(await search("kestrel")).toEqual(["Kestrel-api", "notes", "tools"]);
    expect(await search("KeStReL")).toEqual(["Kestrel-api", "notes", "tools"]);
    expect(await search("  kestrel  ")).toEqual(["Kestrel-api", "notes", "tools"]);
    expect(await search("gitlab")).toEqual(["tools"]);
    expect(await search("field notes")).toEqual(["notes"]);
    expect(await search("nowhere")).toEqual([]);
  });

  // App bug: along the window the search uses SQLite's LIKE, which folds ASCII only, while the full-text index
  // beyond it folds all of Unicode: "école" finds "École" among the last names of a large table, not among the first.
  it("finds a term in any case beyond ASCII too (fails: LIKE folds ASCII only)", async () => {
    await create("École-project", { description: "Un café pour tous." });
    expect(await search("école")).toEqual(["École-project"]);
    expect(await search("CAFÉ")).toEqual(["École-project"]);
  });

  it("reads % and _ as the characters typed", async () => {
    await create("100%-done");
    await create("100x-done");
    await create("snake_case");
    await create("snakeXcase");
    await create("back\\slash");
    await create("backXslash");
    expect(await search("0%-")).toEqual(["100%-done"]);
    expect(await search("e_c")).toEqual(["snake_case"]);
    expect(await search("k\\s")).toEqual(["back\\slash"]);
  });

  it("matches the start of the name for a term of 1 or 2 characters", async () => {
    await create("Abacus");
    await create("ab-tools");
    await create("cab");
    await create("zebra", { description: "ab in the description" });
    await create("École");
    expect(await search("ab")).toEqual(["ab-tools", "Abacus"]);
    expect(await search("AB")).toEqual(["ab-tools", "Abacus"]);
    expect(await search("a")).toEqual(["ab-tools", "Abacus"]);
    expect(await search("É")).toEqual(["École"]);
    expect(await search("x")).toEqual([]);
  });

  it("pages a search like the list", async () => {
    for (let index = 0; index < 25; index++) await create(`match-${String(index).padStart(2, "0")}`);
    for (let index = 0; index < 10; index++) await create(`other-${index}`);
    const pages = await allPages({ searchTerm: "match" });
    expect(pages.map((page) => page.length)).toEqual([20, 5]);
    expect(pages.flat().map((row) => row.name)).toEqual(
      Array.from({ length: 25 }, (_, index) => `match-${String(index).padStart(2, "0")}`),
    );
  });
});

describe("searching beyond the first SEARCH_WINDOW names", () => {
  const seeded = SEARCH_WINDOW + 500;

  it("finds a rare term only the full-text index knows, and pages it", async () => {
    await seedBenchmarkRepositories(seeded, db);
    for (let index = 0; index < 22; index++)
      await create(`zzz-target-${String(index).padStart(2, "0")}`, {
        description: `Holds the word Quokkaword, number ${index}.`,
      });
    const pages = await allPages({ searchTerm: "quokkaword" });
    expect(pages.map((page) => page.length)).toEqual([20, 2]);
    expect(names(pages.flat())).toEqual(
      Array.from({ length: 22 }, (_, index) => `zzz-target-${String(index).padStart(2, "0")}`),
    );
    expect(await search("zzz-target-07")).toEqual(["zzz-target-07"]);
  });

  it("finds a term in any case beyond ASCII through the full-text index", async () => {
    await seedBenchmarkRepositories(seeded, db);
    await create("École-project", { description: "Un café pour tous." });
    expect(await search("école")).toEqual(["École-project"]);
    expect(await search("CAFÉ")).toEqual(["École-project"]);
    expect(await search('say "hi"')).toEqual([]);
  });

  it("returns matches from inside and beyond the window in one order, each once", async () => {
    await seedBenchmarkRepositories(seeded, db);
    const term = "owned by team 5.";
    const all = await db.select().from(repository);
    const expected = all.filter((row) => row.description.includes(term)).sort(byNameKey);
    const window = all.sort(byNameKey).slice(0, SEARCH_WINDOW);
    expect(expected.filter((row) => window.includes(row)).length, "some matches inside the window").toBeGreaterThan(0);
    expect(expected.filter((row) => !window.includes(row)).length, "some matches beyond it").toBeGreaterThan(0);

    const pages = await allPages({ searchTerm: term });
    expect(pages.flat().map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect(pages.slice(0, -1).every((page) => page.length === 20)).toBe(true);
  });

  it("keeps the full-text index in step with updates and deletes", async () => {
    await seedBenchmarkRepositories(seeded, db);
    const target = await create("zzz-target", { description: "First words: platypusword." });
    expect(await search("platypusword")).toEqual(["zzz-target"]);

    expect(
      (await saveRepository(input("zzz-target", { description: "Now about the echidnaword." }), target.id, nobody)).ok,
    ).toBe(true);
    expect(await search("echidnaword")).toEqual(["zzz-target"]);
    expect(await search("platypusword")).toEqual([]);

    expect(
      (await saveRepository(input("zzz-renamed", { description: "Now about the echidnaword." }), target.id, nobody)).ok,
    ).toBe(true);
    expect(await search("zzz-renamed")).toEqual(["zzz-renamed"]);
    expect(await search("zzz-target")).toEqual([]);

    expect(await deleteRepository(target.id, nobody)).toBe(true);
    expect(await search("echidnaword")).toEqual([]);
    expect(await search("zzz-renamed")).toEqual([]);
  });
});

/** A repository row as the benchmark seed writes it, straight into the table. */
const row = (name: string, description: string) => ({
  name,
  nameKey: repositoryNameKey(name),
  link: `https://example.com/${name}`,
  description,
});

describe("searching a term the full-text index matches more often than it sorts", () => {
  it("walks the names after the window, then sorts what lies beyond the walk, in one order, each once", async () => {
    // The seed fills the window and the walk with names that do not match; "m-…" names sit inside the walk, and more
    // than SORT_AT_MOST "zzz-…" names lie after it. "wombatword" fills its first page in the walk; "numbatword" finds
    // 5 names there and the rest of its first page beyond.
    await seedBenchmarkRepositories(SEARCH_WINDOW + WALK_WINDOW + 500, db);
    const late = Array.from({ length: SORT_AT_MOST + 25 }, (_, index) =>
      row(`zzz-${String(index).padStart(4, "0")}`, "Numbatword and wombatword."),
    );
    for (let start = 0; start < late.length; start += 500)
      await db.insert(repository).values(late.slice(start, start + 500));
    await db
      .insert(repository)
      .values(
        Array.from({ length: 25 }, (_, index) =>
          row(`m-${String(index).padStart(2, "0")}`, index < 5 ? "Numbatword and wombatword." : "Only wombatword."),
        ),
      );
    const ordered = (await db.select().from(repository)).sort(byNameKey);
    const position = (name: string) => ordered.findIndex((candidate) => candidate.name === name);
    expect(position("m-00"), "inside the walk").toBeGreaterThan(SEARCH_WINDOW);
    expect(position("zzz-0000"), "beyond the walk").toBeGreaterThan(SEARCH_WINDOW + WALK_WINDOW);

    for (const term of ["numbatword", "wombatword"]) {
      const expected = ordered.filter((candidate) => candidate.description.toLowerCase().includes(term));
      const pages = await allPages({ searchTerm: term });
      expect(pages.flat().map((candidate) => candidate.id)).toEqual(expected.map((candidate) => candidate.id));
      expect(pages.slice(0, -1).every((page) => page.length === 20)).toBe(true);
    }
  }, 60_000);
});

describe("the name key", () => {
  it("is what the database stores", async () => {
    const created = await create("  Mixed-CASE Ünïcode ".trim());
    expect(created.nameKey).toBe(repositoryNameKey("Mixed-CASE Ünïcode"));
  });
});

// What other pages read of repositories: the home page's newest ones, the dashboard's count, the seed's rows.
describe("repositories elsewhere", () => {
  it("reads the newest repositories first, at most the number asked", async () => {
    const made = [];
    for (let index = 0; index < 8; index++)
      made.push((await create(`newest ${String.fromCharCode(122 - index)}`)).name);
    expect((await newestRepositories(5)).map((newest) => newest.name)).toEqual(made.toReversed().slice(0, 5));
  });

  it("counts every repository", async () => {
    const before = await countRepositories();
    await create("counted once");
    expect(await countRepositories()).toBe(before + 1);
  });

  it("seeds the demo repositories once, however often it runs", async () => {
    await seedRepositories(db, null);
    await seedRepositories(db, null);
    const seeded = await db.select({ id: repository.id }).from(repository).where(eq(repository.name, "groundwork"));
    expect(seeded).toHaveLength(1);
  });
});
