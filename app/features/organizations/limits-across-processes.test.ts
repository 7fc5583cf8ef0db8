// The documented limits hold with several server processes on one database: two real processes
// (tests/support/guarded-child.ts) fire creates for one user, or one organization, at the same moment, burst after
// burst, and nobody ends up past ORGANIZATIONS_PER_USER or TEAMS_PER_ORGANIZATION. (MEMBERS_PER_ORGANIZATION is
// taken by invitations, one at a time per organization, and by creating an organization, which adds one member.)
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import type { Burst } from "../../../tests/support/guarded-child";
import { startGuardedChild } from "../../../tests/support/guarded-children";

const { db } = await import("~/.server/platform/db/client");
const { member, team } = await import("~/.server/platform/db/schema");
const { signedInAs } = await import("../../../tests/support/sessions");
const organizations = await import("./organizations.server");
const { findMembership } = await import("~/.server/platform/auth/membership");

const LIMIT = 3;
const BURSTS = 12;
const PER_PROCESS = 4;
const limits = { ORGANIZATIONS_PER_USER: String(LIMIT), TEAMS_PER_ORGANIZATION: String(LIMIT) };

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

async function caller(prefix: string) {
  const email = `${unique(prefix)}@example.test`;
  const { userId, cookie } = await signedInAs(email);
  return { userId, email, cookie };
}

/** Runs the same bursts in two processes at once; returns every outcome, burst by burst. */
async function inTwoProcesses(bursts: Burst[]): Promise<string[][]> {
  const children = [0, 1].map(() => startGuardedChild({ bursts, every: 250 }, limits));
  for (const child of children) expect(await child.nextLine()).toBe("ready");
  const start = Date.now() + 300;
  for (const child of children) child.send(String(start));
  const outcomes: string[][] = [];
  for (let index = 0; index < bursts.length; index += 1) {
    const lines = await Promise.all(children.map((child) => child.nextLine()));
    outcomes.push(lines.flatMap((line) => JSON.parse(line) as string[]));
  }
  for (const child of children) expect(await child.exited).toEqual({ code: 0, signal: null });
  return outcomes;
}

describe("limits with two server processes", () => {
  it(`ORGANIZATIONS_PER_USER (${LIMIT}): ${BURSTS} bursts of ${2 * PER_PROCESS} creates`, async () => {
    const bursts: Burst[] = [];
    for (let index = 0; index < BURSTS; index += 1)
      bursts.push({ caller: await caller("founder"), kind: "organization", count: PER_PROCESS, prefix: unique("o") });
    const outcomes = await inTwoProcesses(bursts);
    const over: number[] = [];
    for (const [index, burst] of bursts.entries()) {
      const [row] = await db.select({ value: count() }).from(member).where(eq(member.userId, burst.caller.userId));
      if ((row?.value ?? 0) > LIMIT) over.push(row!.value);
      expect(new Set(outcomes[index])).toEqual(new Set(["ok", "YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS"]));
    }
    expect(`${over.length} of ${BURSTS} bursts went over (${over.join(", ")})`).toBe(
      `0 of ${BURSTS} bursts went over ()`,
    );
  }, 120_000);

  it(`TEAMS_PER_ORGANIZATION (${LIMIT}): ${BURSTS} bursts of ${2 * PER_PROCESS} creates`, async () => {
    const bursts: Burst[] = [];
    for (let index = 0; index < BURSTS; index += 1) {
      const owner = await caller("teamster");
      const slug = unique("teams");
      const headers = new Headers({ cookie: owner.cookie });
      const actor = { user: { id: owner.userId, email: owner.email }, ip: "198.51.100.42" };
      const created = await organizations.createOrganization({ name: slug, slug }, { ...owner, headers, actor });
      if (!created.ok) throw new Error(created.code);
      bursts.push({
        caller: { ...owner, organizationSlug: slug },
        kind: "team",
        count: PER_PROCESS,
        prefix: unique("t"),
      });
    }
    const outcomes = await inTwoProcesses(bursts);
    const over: number[] = [];
    for (const [index, burst] of bursts.entries()) {
      const scope = await findMembership(burst.caller.organizationSlug!, burst.caller.userId);
      const [row] = await db
        .select({ value: count() })
        .from(team)
        .where(eq(team.organizationId, scope!.organization.id));
      if ((row?.value ?? 0) > LIMIT) over.push(row!.value);
      for (const outcome of outcomes[index]!) expect(outcome).not.toMatch(/threw|UNKNOWN_ERROR/);
    }
    expect(`${over.length} of ${BURSTS} bursts went over (${over.join(", ")})`).toBe(
      `0 of ${BURSTS} bursts went over ()`,
    );
  }, 120_000);
});
