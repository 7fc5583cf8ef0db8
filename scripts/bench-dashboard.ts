// `npm run bench:dashboard`: the manager's dashboard and audit trail at 100 000 users, sessions, repositories and
// audit entries, against naive baselines (the same questions without the indexes) measured in the same run.
// Budget: the whole dashboard query set, and each audit page, answer in under 20 ms at p95. Exits non-zero otherwise.
import { performance } from "node:perf_hooks";

import { openBenchDatabase, printTiming, timeRuns } from "./bench-timing";

const removeDatabase = openBenchDatabase("dashboard");

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = 40;
const BUDGET_MS = 20;
const DAY = 24 * 60 * 60 * 1000;

const { prepareDatabase } = await import("../app/.server/platform/db/prepare");
const { client } = await import("../app/.server/platform/db/client");
const { seedBenchmarkRepositories } = await import("../app/.server/platform/db/seed");
const { getDashboard, utcDayStart } = await import("../app/.server/features/dashboard");
const { listAudit } = await import("../app/.server/features/audit");

await prepareDatabase({ seed: "never" });
const now = Date.now();
const seededAt = performance.now();
const series = (rows: number) => `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${rows})`;
// Users over two years, the newest every ~10 minutes; 1 % banned, a third of those bans already over.
await client.execute(
  `${series(ROWS)} insert into user (id, name, email, email_verified, role, banned, ban_expires, onboarded_at, created_at, updated_at)
   select 'user-' || i, 'User ' || i, 'user' || i || '@bench.test', 1, case when i % 1000 = 0 then 'admin' else 'user' end,
     case when i % 100 = 0 then 1 else 0 end,
     case when i % 300 = 0 then ${now} - ${DAY} when i % 200 = 0 then ${now} + 30 * ${DAY} else null end,
     ${now}, ${now} - i * 631000, ${now} - i * 631000 from n`,
);
// One session per user; a quarter of them expired.
await client.execute(
  `${series(ROWS)} insert into session (id, token, user_id, expires_at, created_at, updated_at)
   select 'session-' || i, 'token-' || i, 'user-' || i,
     case when i % 4 = 0 then ${now} - i * 1000 else ${now} + i * 1000 end, ${now}, ${now} from n`,
);
await seedBenchmarkRepositories(ROWS);
// The audit trail: ROWS sign-ins over the last 30 days (one in twenty refused), in time order as they are written,
// then a user's own entries and a few admin actions among them.
await client.execute(
  `${series(ROWS)} insert into audit_event (at, action, outcome, reason, actor_id, actor_label, target_type, target_id, target_label, ip)
   select ${now} - 30 * ${DAY} + i * (30 * ${DAY} / ${ROWS}), 'sign-in',
     case when i % 20 = 0 then 'refused' else 'success' end, case when i % 20 = 0 then 'wrong-code' end,
     case when i % 20 = 0 then null else 'user-' || (i % 5000 + 1) end,
     case when i % 20 = 0 then null else 'user' || (i % 5000 + 1) || '@bench.test' end,
     'user', 'user-' || (i % 5000 + 1), 'user' || (i % 5000 + 1) || '@bench.test',
     '198.51.100.' || (i % 250) from n`,
);
await client.execute(
  `${series(2000)} insert into audit_event (at, action, outcome, actor_id, actor_label, target_type, target_id, target_label, ip)
   select ${now} - 2000 * 60000 + i * 60000, case when i % 2 = 0 then 'repository.updated' else 'user.banned' end, 'success',
     'user-1000', 'user1000@bench.test', case when i % 2 = 0 then 'repository' else 'user' end,
     'target-' || i, 'target ' || i, '203.0.113.9' from n`,
);
console.log(
  `seeded ${ROWS} users, sessions, repositories and sign-ins in ${((performance.now() - seededAt) / 1000).toFixed(1)} s`,
);

async function measure(name: string, run: () => Promise<unknown>, budget: number | null) {
  const { p50, p95 } = await timeRuns(run, RUNS);
  const verdict = budget === null ? "baseline" : p95 <= budget ? "ok" : "OVER BUDGET";
  printTiming(name, 48, { p50, p95 }, verdict);
  return budget === null || p95 <= budget;
}

// The same questions as the dashboard, asked without the indexes (NOT INDEXED: full scans).
async function naiveDashboard() {
  const at = Date.now();
  await client.execute("select count(*) from user not indexed");
  await client.execute("select count(*) from user not indexed where created_at >= ?", [at - 7 * DAY]);
  await client.execute(
    "select count(*) from user not indexed where banned = 1 and (ban_expires is null or ban_expires > ?)",
    [at],
  );
  await client.execute("select count(*) from session not indexed where expires_at > ?", [at]);
  await client.execute("select count(*) from repository not indexed");
  await client.execute(
    "select at / 86400000 as day, count(*) from audit_event not indexed where action = 'sign-in' and outcome = 'success' and at >= ? group by day",
    [utcDayStart(new Date(at), 29).getTime()],
  );
}

const dashboard = await getDashboard();
console.log(
  `dashboard: ${dashboard.users} users, ${dashboard.newUsers} new, ${dashboard.bannedUsers} banned, ` +
    `${dashboard.activeSessions} active sessions, ${dashboard.repositories} repositories, ` +
    `${dashboard.signInsPerDay.reduce((sum, day) => sum + day.count, 0)} sign-ins in 30 days`,
);
const secondPage = (await listAudit({})).nextCursor;
const weekAgo = new Date(now - 7 * DAY);
const monthAgo = new Date(now - 28 * DAY);

const results = [
  await measure("baseline: select 1", () => client.execute("select 1"), null),
  await measure("baseline: the dashboard without its indexes", naiveDashboard, null),
  await measure(
    "baseline: audit by actor, OR in one query",
    () =>
      client.execute(
        "select * from audit_event where actor_id = 'user-1000' or target_id = 'user-1000' order by id desc limit 26",
      ),
    null,
  ),
  await measure("dashboard: every figure and the chart", () => getDashboard(), BUDGET_MS),
  await measure("audit: first page", () => listAudit({}), BUDGET_MS),
  await measure("audit: second page", () => listAudit({ cursor: secondPage }), BUDGET_MS),
  await measure("audit: action (rare: user.banned)", () => listAudit({ action: "user.banned" }), BUDGET_MS),
  await measure("audit: action and refused", () => listAudit({ action: "sign-in", outcome: "refused" }), BUDGET_MS),
  await measure("audit: actor by e-mail", () => listAudit({ actor: "user1000@bench.test" }), BUDGET_MS),
  await measure("audit: target by id", () => listAudit({ target: "user-42" }), BUDGET_MS),
  await measure("audit: a user's part (actor or target)", () => listAudit({ userId: "user-1000" }), BUDGET_MS),
  await measure(
    "audit: a day four weeks ago",
    () => listAudit({ since: monthAgo, before: new Date(monthAgo.getTime() + DAY) }),
    BUDGET_MS,
  ),
  await measure("audit: the last week", () => listAudit({ since: weekAgo }), BUDGET_MS),
  await measure(
    "audit: rare action in a date range",
    () => listAudit({ action: "user.banned", since: monthAgo, before: weekAgo }),
    BUDGET_MS,
  ),
  await measure("audit: no match", () => listAudit({ actor: "nobody@bench.test", action: "sign-out" }), BUDGET_MS),
];

client.close();
removeDatabase();
if (results.includes(false)) {
  console.error(`a dashboard or audit query missed its ${BUDGET_MS} ms budget`);
  process.exit(1);
}
