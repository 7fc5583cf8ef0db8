// The manager's dashboard: a few counts and the sign-ins of the last 30 days, read straight from the tables
// (docs/architecture.md: reads go to the tables, writes through better-auth). Each figure is one query along an index
// (`npm run bench:lists dashboard` measures them at 100 000 users, sessions and sign-ins). The repositories' count
// is the feature's own (app/features/repositories/), added by the route.
import { and, count, gt, gte, isNull, or, sql } from "drizzle-orm";

import { db } from "~/.server/platform/db/client";
import { auditEvent, session, user } from "~/.server/platform/db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;
export const NEW_USER_DAYS = 7;
export const SIGN_IN_CHART_DAYS = 30;

export type Dashboard = {
  users: number;
  /** Users created in the last NEW_USER_DAYS days. */
  newUsers: number;
  /** Users whose ban is in force: banned, and no end date or an end date still ahead. */
  bannedUsers: number;
  /** Sessions that have not expired. */
  activeSessions: number;
  /** Successful sign-ins per UTC day, oldest first, SIGN_IN_CHART_DAYS days ending with today (UTC). */
  signInsPerDay: Array<{ day: string; count: number }>;
};

/** Midnight UTC of the day `days` days before the day of `now`. */
export function utcDayStart(now: Date, days = 0): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - days * DAY_MS);
}

/** A whole number written into the SQL (ours, never a person's): a bound number would travel as a REAL. */
const number = (value: number) => sql.raw(String(Math.trunc(value)));

/**
 * Successful sign-ins on each of the SIGN_IN_CHART_DAYS days from `start`, in one statement: a count per day over
 * the partial index audit_event_sign_in_success_at, named (without statistics SQLite would rather take
 * audit_event_action_at and read the outcome from every row) and with its condition repeated literally. One GROUP BY
 * over the range sorts every entry instead: 20 ms at 100 000 sign-ins, against 4 ms for the 30 counts.
 */
async function signInsSince(start: Date): Promise<number[]> {
  const rows = await db.all<{ value: number }>(sql`
    with recursive days(i) as (select 0 union all select i + 1 from days where i < ${number(SIGN_IN_CHART_DAYS - 1)})
    select (
      select count(*) from ${auditEvent} indexed by audit_event_sign_in_success_at
      where action = 'sign-in' and outcome = 'success'
        and at >= ${number(start.getTime())} + i * ${number(DAY_MS)}
        and at < ${number(start.getTime())} + (i + 1) * ${number(DAY_MS)}
    ) as value
    from days order by i`);
  return rows.map((row) => Number(row.value));
}

async function countOf(query: Promise<Array<{ value: number }>>): Promise<number> {
  const [row] = await query;
  return row?.value ?? 0;
}

/**
 * The dashboard's figures at `now`. Days are UTC days: the chart means the same on every server and for every admin,
 * whatever their time zone, and a day is always 24 hours (no daylight-saving day of 23 or 25).
 */
export async function getDashboard(now = new Date()): Promise<Dashboard> {
  const chartStart = utcDayStart(now, SIGN_IN_CHART_DAYS - 1);
  const [users, newUsers, bannedUsers, activeSessions, signIns] = await Promise.all([
    countOf(db.select({ value: count() }).from(user)),
    // user_created_at_idx (created_at, id)
    countOf(
      db
        .select({ value: count() })
        .from(user)
        .where(gte(user.createdAt, new Date(now.getTime() - NEW_USER_DAYS * DAY_MS))),
    ),
    // user_banned_idx is partial (WHERE banned = 1): the condition is written as a literal so SQLite can use it.
    countOf(
      db
        .select({ value: count() })
        .from(user)
        .where(and(sql`${user.banned} = 1`, or(isNull(user.banExpires), gt(user.banExpires, now)))),
    ),
    // session_expires_at_idx
    countOf(db.select({ value: count() }).from(session).where(gt(session.expiresAt, now))),
    signInsSince(chartStart),
  ]);
  const signInsPerDay = signIns.map((value, index) => ({
    day: new Date(chartStart.getTime() + index * DAY_MS).toISOString().slice(0, 10),
    count: value,
  }));
  return { users, newUsers, bannedUsers, activeSessions, signInsPerDay };
}
