// The session guard and an impersonation (ADR 017): an impersonation session holds only while the admin behind it
// exists, has no ban in force and may still impersonate, whatever changed them (a table written straight, a role
// taken away, ADMIN_USER_IDS). Checked on both read paths: ours (ADR 036), and better-auth's, which an impersonation
// takes while its browser keeps better-auth's "don't remember me" cookie and which a browser can skip by dropping it.
import { describe, expect, it } from "vitest";

// An admin by ADMIN_USER_IDS alone (their role is "user"): the environment is read once per test file.
process.env.ADMIN_USER_IDS = "root-by-id";

const { eq } = await import("drizzle-orm");
const { RouterContextProvider } = await import("react-router");
const { signedInAs } = await import("../../../tests/support/sessions");
const { auth } = await import("~/.server/platform/auth/auth");
const { db } = await import("~/.server/platform/db/client");
const { session, user } = await import("~/.server/platform/db/schema");
const { getSession, sessionMiddleware } = await import("./session");

async function visit(cookie: string) {
  const context = new RouterContextProvider();
  const request = new Request(`${process.env.APP_URL}/app`, { headers: { Cookie: cookie } });
  const response = (await sessionMiddleware(
    { request, context, params: {}, unstable_pattern: "/app" } as never,
    async () => new Response("page"),
  )) as Response;
  return { session: getSession(context), response };
}

/** A browser's cookie jar after these Set-Cookie lines: each replaces its name; an emptied or expired one leaves. */
function withCookies(jar: string, setCookies: string[]): string {
  const cookies = new Map(jar.split("; ").map((pair) => [pair.split("=")[0]!, pair] as const));
  for (const line of setCookies) {
    const pair = line.split(";")[0]!;
    const [name, value] = [pair.split("=")[0]!, pair.slice(pair.indexOf("=") + 1)];
    if (!value || /max-age=0/i.test(line)) cookies.delete(name);
    else cookies.set(name, pair);
  }
  return [...cookies.values()].join("; ");
}

const impersonationsBy = (adminId: string) => db.select().from(session).where(eq(session.impersonatedBy, adminId));

/**
 * An admin impersonating a user, through better-auth's own endpoint. `jar` is the browser's cookies as better-auth
 * set them (its "don't remember me" cookie among them: better-auth reads that session); `bare` holds the session
 * cookie alone (our read answers it).
 */
async function impersonation(label: string, admin?: { id: string; email: string }) {
  if (admin) await db.insert(user).values({ ...admin, name: "Root", emailVerified: true, role: "user" });
  const signed = await signedInAs(admin?.email ?? `${label}-admin@example.com`);
  if (!admin) await db.update(user).set({ role: "admin" }).where(eq(user.id, signed.userId));
  const target = await signedInAs(`${label}-target@example.com`);
  const { headers } = await auth.api.impersonateUser({
    body: { userId: target.userId },
    headers: new Headers({ Cookie: signed.cookie }),
    returnHeaders: true,
  });
  const jar = withCookies(signed.cookie, headers.getSetCookie());
  expect(jar).toContain("dont_remember");
  const bare = jar
    .split("; ")
    .filter((pair) => pair.includes("session_token="))
    .join("; ");
  return { adminId: signed.userId, adminCookie: signed.cookie, targetId: target.userId, jar, bare };
}

const changes = {
  banned: (adminId: string) => db.update(user).set({ banned: true }).where(eq(user.id, adminId)),
  demoted: (adminId: string) => db.update(user).set({ role: "user" }).where(eq(user.id, adminId)),
  deleted: (adminId: string) => db.delete(user).where(eq(user.id, adminId)),
};

describe("an impersonation and the admin behind it", () => {
  it("holds while the admin may impersonate, by role or by ADMIN_USER_IDS, on either read path", async () => {
    const byRole = await impersonation("holds");
    const byId = await impersonation("holds-root", { id: "root-by-id", email: "root@example.com" });
    for (const { adminId, targetId, jar, bare } of [byRole, byId]) {
      for (const cookie of [jar, bare]) {
        const { session: current } = await visit(cookie);
        expect(current?.user.id).toBe(targetId);
        expect(current?.session.impersonatedBy).toBe(adminId);
      }
    }
  });

  for (const [change, apply] of Object.entries(changes)) {
    for (const path of ["better-auth's read", "our read"] as const) {
      it(`ends when the admin is ${change} straight in the table (${path}): refused, and the rows gone`, async () => {
        const { adminId, adminCookie, jar, bare } = await impersonation(`${change}-${path.length}`);
        // A second impersonation by the same admin, of another user, from another browser: it ends too.
        const other = await signedInAs(`${change}-${path.length}-second@example.com`);
        await auth.api.impersonateUser({
          body: { userId: other.userId },
          headers: new Headers({ Cookie: adminCookie }),
        });
        expect(await impersonationsBy(adminId)).toHaveLength(2);
        await apply(adminId);

        const { session: current, response } = await visit(path === "our read" ? bare : jar);
        expect(current).toBeNull();
        expect(response.headers.getSetCookie().join("\n")).toMatch(/session_token=;.*Max-Age=0/);
        expect(await impersonationsBy(adminId)).toHaveLength(0);
      });
    }
  }
});
