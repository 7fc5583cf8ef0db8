// `npm run bench:users`: the manager's user list at 100 000 users, against naive baselines measured in the same run.
// Budget: p95 under 20 ms for every page and search of the list. Exits non-zero when one is over.
import { performance } from "node:perf_hooks";

import { openBenchDatabase, printTiming, timeRuns } from "./bench-timing";

const removeDatabase = openBenchDatabase("users");

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = 40;
const BUDGET_MS = 20;

const { prepareDatabase } = await import("../app/.server/platform/db/prepare");
const { client, db } = await import("../app/.server/platform/db/client");
const { user } = await import("../app/.server/platform/db/schema");
const { listUsers } = await import("../app/.server/features/users");

// Names from the four languages' regions, so that searches meet accents and clusters as in a real instance. Each first
// name is 1/40 of the users (2.5 %), each family name 1/40 too; e-mails are first.family.n@one-of-five-domains.
const FIRST = [
  "Aaliyah", "Ada", "Amani", "Amina", "Baraka", "Bruno", "Camille", "Chen", "Daudi", "Élodie",
  "Emma", "Fatuma", "فاطمة", "Grace", "Hassan", "Hugo", "Imani", "Inès", "Jamal", "Juma",
  "Kwame", "Léa", "Li", "Lucas", "محمد", "Nadia", "Neema", "Noah", "Olivia", "Omar",
  "Pendo", "Rehema", "Sofia", "Søren", "Tariq", "Upendo", "Wanjiru", "Yusuf", "Zawadi", "Zoë",
]; // prettier-ignore
const FAMILY = [
  "Anderson", "Baptiste", "Bernard", "Chege", "Dubois", "Fontaine", "García", "Haddad", "Hoang", "Jackson",
  "Johnson", "Kamau", "Kariuki", "Khalil", "Kowalski", "Laurent", "Lefèvre", "Mansour", "Martin", "Mensah",
  "Moreau", "Müller", "Mwangi", "Nakamura", "Nguyen", "Njoroge", "Ochieng", "Okafor", "Otieno", "Park",
  "Petit", "Rossi", "Said", "Santos", "Schmidt", "Smith", "Thompson", "Wilson", "Wright", "Yamamoto",
]; // prettier-ignore
const DOMAINS = ["example.com", "mail.test", "company.example", "school.example", "post.test"];
/** The e-mail spelling of a name: Latin letters without accents, the two Arabic names transliterated. */
const TRANSLITERATED: Record<string, string> = { محمد: "mohamed", فاطمة: "fatma" };
const ascii = (text: string) =>
  (TRANSLITERATED[text] ?? text)
    .replace(/ø/g, "o")
    .normalize("NFKD")
    .replace(/\P{ASCII}/gu, "")
    .toLowerCase();

/** 100 000 users created over three years, a few admins and bans, in batches (the search triggers index each one). */
async function seedUsers(total: number) {
  const start = Date.UTC(2023, 0, 1);
  for (let offset = 0; offset < total; offset += 1000) {
    const rows = Array.from({ length: Math.min(1000, total - offset) }, (_, index) => {
      const n = offset + index;
      const first = FIRST[n % FIRST.length]!;
      const family = FAMILY[Math.floor(n / FIRST.length) % FAMILY.length]!;
      const createdAt = new Date(start + n * 900_000 + ((n * 7919) % 600_000));
      return {
        id: `bench-${n}`,
        name: `${first} ${family}`,
        email: `${ascii(first)}.${ascii(family)}.${n}@${DOMAINS[n % DOMAINS.length]}`,
        emailVerified: true,
        role: n % 500 === 0 ? "admin" : "user",
        banned: n % 211 === 0,
        banExpires: n % 422 === 0 ? new Date(start + 4 * 365 * 86_400_000) : null,
        onboardedAt: n % 10 === 0 ? null : createdAt,
        createdAt,
        updatedAt: createdAt,
      };
    });
    await db.insert(user).values(rows);
  }
}

await prepareDatabase({ seed: "never" });
const seededAt = performance.now();
await seedUsers(ROWS);
console.log(`seeded ${ROWS} users in ${((performance.now() - seededAt) / 1000).toFixed(1)} s`);

const results: Array<{ name: string; p50: number; p95: number; budget: number | null }> = [];
/**
 * A baseline (the naive query, for comparison), or a rare term of 1 or 2 characters: no trigram holds it, so after the
 * window it costs one pass over the table, about 10 ms plus the LIKEs at 100 000 users. Measured and shown, not held
 * to the budget (docs/architecture.md, "The manager's user list").
 */
const BASELINE = null;
const FULL_PASS = "full pass";

async function measure(
  name: string,
  run: () => Promise<unknown>,
  budget: number | typeof BASELINE | typeof FULL_PASS = BUDGET_MS,
) {
  const { p50, p95 } = await timeRuns(run, RUNS);
  results.push({ name, p50, p95, budget: typeof budget === "number" ? budget : null });
  const verdict =
    budget === BASELINE ? "baseline" : budget === FULL_PASS ? "measured" : p95 <= budget ? "ok" : "OVER BUDGET";
  printTiming(name, 58, { p50, p95 }, verdict);
}

/** A cursor within the last 1 000 rows of `order` (of the search's matches): a late page, found by walking once. */
async function lateCursor(order: Parameters<typeof listUsers>[0]["order"], searchTerm = "") {
  let cursor: string | null = null;
  for (;;) {
    const page = await listUsers({ order, searchTerm, cursor, limit: 1000 });
    if (!page.nextCursor) return cursor;
    cursor = page.nextCursor;
  }
}

const byName = { sort: "name", direction: "asc" } as const;
const byEmail = { sort: "email", direction: "asc" } as const;
const newestFirst = { sort: "createdAt", direction: "desc" } as const;
const late = {
  email: await lateCursor(byEmail),
  name: await lateCursor(byName),
  createdAt: await lateCursor(newestFirst),
  nameSearch: await lateCursor(byName, "son"),
};

console.log(`\n${"".padEnd(58)} ${RUNS} runs each, budget ${BUDGET_MS} ms at p95`);
await measure("baseline: count(*)", () => client.execute("select count(*) from user"), BASELINE);
await measure(
  "baseline: late page with OFFSET",
  () => client.execute("select * from user order by email limit 21 offset ?", [ROWS - 40]),
  BASELINE,
);
await measure(
  'baseline: LIKE "%son%" + count, by name',
  async () => {
    await client.execute("select count(*) from user where name like '%son%' or email like '%son%'");
    await client.execute(
      "select * from user where name like '%son%' or email like '%son%' order by lower(name), id limit 21",
    );
  },
  BASELINE,
);
await measure(
  'baseline: LIKE "%48213%", late by e-mail (OFFSET)',
  () =>
    client.execute(
      "select * from user where name like '%48213%' or email like '%48213%' order by email limit 21 offset 0",
    ),
  BASELINE,
);

await measure("list: first page (by e-mail)", () => listUsers({}));
await measure("list: late page (by e-mail, keyset)", () => listUsers({ cursor: late.email }));
await measure("sort: by name, first page", () => listUsers({ order: byName }));
await measure("sort: by name, late page", () => listUsers({ order: byName, cursor: late.name }));
await measure("sort: by e-mail, Z to A", () => listUsers({ order: { sort: "email", direction: "desc" } }));
await measure("sort: newest first", () => listUsers({ order: newestFirst }));
await measure("sort: newest first, late page", () => listUsers({ order: newestFirst, cursor: late.createdAt }));
await measure("sort: oldest first", () => listUsers({ order: { sort: "createdAt", direction: "asc" } }));

await measure('search: frequent ("son", 12 % of rows)', () => listUsers({ searchTerm: "son" }));
await measure("search: frequent, by name, late page", () =>
  listUsers({ searchTerm: "son", order: byName, cursor: late.nameSearch }),
);
await measure('search: one row ("48213")', () => listUsers({ searchTerm: "48213" }));
await measure('search: no match ("qqxyz")', () => listUsers({ searchTerm: "qqxyz" }));
await measure('search: middle of an e-mail ("ki.kamau")', () => listUsers({ searchTerm: "ki.kamau" }));
await measure('search: 2.5 %, all last by name ("zawadi")', () => listUsers({ searchTerm: "zawadi", order: byName }));
await measure('search: 2.5 %, all last by e-mail ("zawadi")', () => listUsers({ searchTerm: "zawadi" }));
await measure('search: accents, trigram index ("élodie")', () => listUsers({ searchTerm: "élodie" }));
await measure('search: Arabic script ("محمد", 2.5 %)', () => listUsers({ searchTerm: "محمد" }));
await measure('search: accents, newest first ("müller")', () =>
  listUsers({ searchTerm: "müller", order: newestFirst }),
);
await measure('search: 2 letters, frequent ("an")', () => listUsers({ searchTerm: "an" }));
await measure('search: 1 letter, frequent ("e")', () => listUsers({ searchTerm: "e", order: newestFirst }));
await measure(
  'search: 1 letter, 5 %, all last by name ("z")',
  () => listUsers({ searchTerm: "z", order: byName }),
  FULL_PASS,
);
await measure('search: 1 letter beyond ASCII ("ø", 2.5 %)', () => listUsers({ searchTerm: "ø" }), FULL_PASS);
await measure('search: 2 letters, no match ("zq")', () => listUsers({ searchTerm: "zq" }), FULL_PASS);
await measure(
  'search: 2 letters, no match, by name ("zq")',
  () => listUsers({ searchTerm: "zq", order: byName }),
  FULL_PASS,
);

client.close();
removeDatabase();
const over = results.filter((result) => result.budget !== null && result.p95 > result.budget);
const worst = results.filter((result) => result.budget !== null).sort((a, b) => b.p95 - a.p95)[0];
if (worst) console.log(`\nworst p95 of the list: ${worst.p95.toFixed(2)} ms (${worst.name})`);
if (over.length > 0) {
  console.error(`${over.length} measure(s) of the user list missed the ${BUDGET_MS} ms budget`);
  process.exit(1);
}
