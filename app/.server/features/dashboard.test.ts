// The dashboard's figures on data whose answer is known: each count, its edges (a ban that ended, a session that
// expired, a user created just over a week ago), and the sign-ins per UTC day.
import { beforeAll, describe, expect, it } from "vitest";

import { db } from "~/.server/platform/db/client";
import { auditEvent, session, user } from "~/.server/platform/db/schema";
import { getDashboard, NEW_USER_DAYS, SIGN_IN_CHART_DAYS, utcDayStart } from "./dashboard";

const DAY = 24 * 60 * 60 * 1000;
// 15 March 2026, 09:30 UTC.
const now = new Date(Date.UTC(2026, 2, 15, 9, 30));
const ago = (ms: number) => new Date(now.getTime() - ms);

const person = (id: string, createdAt: Date, ban: { banned?: boolean; banExpires?: Date | null } = {}) => ({
  id,
  email: `${id}@example.test`,
  name: id,
  createdAt,
  updatedAt: createdAt,
  ...ban,
});
const signIn = (at: Date, outcome = "success", action = "sign-in") => ({ at, action, outcome });

beforeAll(async () => {
  await db
    .insert(user)
    .values([
      person("old", ago(400 * DAY)),
      person("last-month", ago(20 * DAY)),
      person("eight-days", ago(NEW_USER_DAYS * DAY + 60_000)),
      person("six-days", ago(6 * DAY)),
      person("today", ago(60_000)),
      person("banned-forever", ago(100 * DAY), { banned: true, banExpires: null }),
      person("banned-until-next-week", ago(100 * DAY), { banned: true, banExpires: new Date(now.getTime() + 7 * DAY) }),
      person("ban-ended", ago(100 * DAY), { banned: true, banExpires: ago(60_000) }),
      person("never-banned", ago(100 * DAY), { banned: false, banExpires: new Date(now.getTime() + DAY) }),
    ]);
  const sessionOf = (id: string, userId: string, expiresAt: Date) => ({
    id,
    token: `token-${id}`,
    userId,
    expiresAt,
    createdAt: ago(DAY),
    updatedAt: ago(DAY),
  });
  await db
    .insert(session)
    .values([
      sessionOf("s1", "old", new Date(now.getTime() + DAY)),
      sessionOf("s2", "old", new Date(now.getTime() + 60_000)),
      sessionOf("s3", "today", new Date(now.getTime() + 30 * DAY)),
      sessionOf("s4", "six-days", ago(60_000)),
      sessionOf("s5", "last-month", ago(10 * DAY)),
    ]);
  const today = utcDayStart(now);
  await db.insert(auditEvent).values([
    // Today (UTC): two sign-ins, one refusal, a sign-out.
    signIn(new Date(today.getTime() + 60_000)),
    signIn(new Date(today.getTime() + 9 * 60 * 60 * 1000)),
    signIn(new Date(today.getTime() + 5 * 60 * 1000), "refused"),
    signIn(new Date(today.getTime() + 6 * 60 * 1000), "success", "sign-out"),
    // Yesterday, its last millisecond.
    signIn(new Date(today.getTime() - 1)),
    // The first day of the chart (29 days before today), its first millisecond, and the day before it.
    signIn(new Date(today.getTime() - 29 * DAY)),
    signIn(new Date(today.getTime() - 29 * DAY - 1)),
    // Ten days ago, three times.
    ...[1, 2, 3].map((hours) => signIn(new Date(today.getTime() - 10 * DAY + hours * 60 * 60 * 1000))),
  ]);
});

describe("the dashboard", () => {
  it("counts users, the new ones, the banned ones (ban in force) and active sessions", async () => {
    const dashboard = await getDashboard(now);
    expect(dashboard).toMatchObject({
      users: 9,
      newUsers: 2,
      bannedUsers: 2,
      activeSessions: 3,
    });
  });

  it("counts successful sign-ins per UTC day, the 30 days that end today, oldest first", async () => {
    const { signInsPerDay } = await getDashboard(now);
    expect(signInsPerDay).toHaveLength(SIGN_IN_CHART_DAYS);
    expect(signInsPerDay[0]).toEqual({ day: "2026-02-14", count: 1 });
    expect(signInsPerDay.at(-1)).toEqual({ day: "2026-03-15", count: 2 });
    expect(signInsPerDay.at(-2)).toEqual({ day: "2026-03-14", count: 1 });
    expect(signInsPerDay.find((day) => day.day === "2026-03-05")).toEqual({ day: "2026-03-05", count: 3 });
    expect(signInsPerDay.reduce((sum, day) => sum + day.count, 0)).toBe(7);
    // Consecutive days, none missing.
    for (let index = 1; index < signInsPerDay.length; index++)
      expect(Date.parse(signInsPerDay[index]!.day) - Date.parse(signInsPerDay[index - 1]!.day)).toBe(DAY);
  });

  it("moves its window with the clock: a day later the first day drops out", async () => {
    const tomorrow = await getDashboard(new Date(now.getTime() + DAY));
    expect(tomorrow.signInsPerDay[0]).toEqual({ day: "2026-02-15", count: 0 });
    expect(tomorrow.signInsPerDay.at(-1)).toEqual({ day: "2026-03-16", count: 0 });
    expect(tomorrow.signInsPerDay.reduce((sum, day) => sum + day.count, 0)).toBe(6);
    expect(tomorrow.newUsers).toBe(2);
    // Two days later the six-day-old user is eight days old.
    expect((await getDashboard(new Date(now.getTime() + 2 * DAY))).newUsers).toBe(1);
  });

  it("starts a UTC day at midnight UTC", () => {
    expect(utcDayStart(now).toISOString()).toBe("2026-03-15T00:00:00.000Z");
    expect(utcDayStart(now, 29).toISOString()).toBe("2026-02-14T00:00:00.000Z");
  });
});
