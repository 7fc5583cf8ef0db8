// A second server process, as far as the database can tell: a real Node process on the test's database file, running
// the app's own modules (started by `startGuardedChild`, tests/support/guarded-children.ts). Its command, JSON in argv:
//  - {"hold": key}: takes the turn of `key` and keeps it, printing "holding" (the test then kills it);
//  - {"bursts": [...], "every": ms}: prints "ready", reads a start time (epoch ms) from stdin, then at
//    `start + i * every` fires burst i's creates all at once, and prints one JSON line of their outcomes per burst.
import { once } from "node:events";

import { runExclusive } from "../../app/.server/platform/exclusive";

type Caller = { userId: string; email: string; cookie: string; organizationSlug?: string };
export type Burst = { caller: Caller; kind: "organization" | "team"; count: number; prefix: string };
export type GuardedCommand = { hold: string } | { bursts: Burst[]; every: number };

const command = JSON.parse(process.argv[2]!) as GuardedCommand;
const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

if ("hold" in command) {
  void runExclusive(command.hold, async () => {
    process.stdout.write("holding\n");
    await new Promise(() => {});
  });
} else {
  const organizations = await import("../../app/features/organizations/organizations.server");
  const { findMembership } = await import("../../app/.server/platform/auth/membership");
  process.stdout.write("ready\n");
  const [start] = (await once(process.stdin, "data")) as [Buffer];
  const at = Number(start.toString().trim());
  for (const [index, burst] of command.bursts.entries()) {
    const { caller } = burst;
    const who = {
      userId: caller.userId,
      headers: new Headers({ cookie: caller.cookie }),
      actor: { user: { id: caller.userId, email: caller.email }, ip: "198.51.100.41" },
    };
    const scope = caller.organizationSlug ? await findMembership(caller.organizationSlug, caller.userId) : null;
    await sleepUntil(at + index * command.every);
    const results = await Promise.allSettled(
      Array.from({ length: burst.count }, (_, n) => {
        const name = `${burst.prefix}-${process.pid}-${n}`;
        return burst.kind === "organization"
          ? organizations.createOrganization({ name, slug: name }, who)
          : organizations.createTeam(scope!, name, who);
      }),
    );
    const outcomes = results.map((result) =>
      result.status === "rejected" ? `threw: ${String(result.reason)}` : result.value.ok ? "ok" : result.value.code,
    );
    process.stdout.write(`${JSON.stringify(outcomes)}\n`);
  }
  process.exit(0);
}
