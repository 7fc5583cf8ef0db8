// Impersonation under https, through the route modules with real Requests: our session cookie is `__Host-` there
// (ADR 010) while better-auth keeps the admin's own session in its `admin_session` cookie. Both must carry the same
// attributes, reach the browser on the redirects, and hand the admin's session back when the impersonation stops.
// (Under http, the browser specs in app/features/users/user-admin.spec.ts run the same journey.)
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";

process.env.APP_URL = "https://groundwork.example";
const appUrl = process.env.APP_URL;
const { SESSION_COOKIE } = await import("~/.server/platform/auth/auth");
const { db } = await import("~/.server/platform/db/client");
const { stepUp, user } = await import("~/.server/platform/db/schema");
const { getSession, sessionMiddleware } = await import("~/.server/web/session");
const { areaGuard } = await import("~/.server/web/guards");
const { signedInAs } = await import("../../tests/support/sessions");
const userDetail = await import("~/features/users/detail");
const impersonationStop = await import("./impersonation-stop");
const logout = await import("./logout");
const { session: sessionTable } = await import("~/.server/platform/db/schema");

type Handler = (args: never) => Promise<Response> | Response;

/** One request through the session middleware (as the root runs it), then `handler`; a thrown Response is answered. */
async function run(request: Request, handler: Handler, params: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  const args = { request, context, params, unstable_pattern: new URL(request.url).pathname } as never;
  const response = (await sessionMiddleware(args, async () => {
    try {
      return await handler(args);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      const status = (thrown as { init?: { status?: number } }).init?.status;
      if (status) return new Response(null, { status });
      throw thrown;
    }
  })) as Response;
  return { response, session: getSession(context) };
}

const post = (path: string, cookie: string, form: Record<string, string> = {}) =>
  new Request(`${appUrl}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: appUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
const get = (path: string, cookie: string) => new Request(`${appUrl}${path}`, { headers: { Cookie: cookie } });

/** A browser's cookie jar: each Set-Cookie replaces its name; an emptied or expired one leaves. */
function withCookies(jar: string, setCookies: string[]): string {
  const cookies = new Map(jar.split("; ").map((pair) => [pair.split("=")[0]!, pair] as const));
  for (const line of setCookies) {
    const pair = line.split(";")[0]!;
    const value = pair.slice(pair.indexOf("=") + 1);
    if (!value || /max-age=0/i.test(line)) cookies.delete(pair.split("=")[0]!);
    else cookies.set(pair.split("=")[0]!, pair);
  }
  return [...cookies.values()].join("; ");
}

/** An area's guard (its layout's middleware), in front of a page. */
const guard = (area: "app" | "manager") => (args: never) =>
  areaGuard(area)(args, async () => new Response("page")) as Promise<Response>;

const named = (setCookies: string[], name: string) => setCookies.filter((line) => line.startsWith(`${name}=`));

describe("impersonation under https", () => {
  it("starts and stops with Secure cookies, the session one __Host-, and the admin's own session back", async () => {
    const admin = await signedInAs("https-admin@example.test");
    await db.update(user).set({ role: "admin", onboardedAt: new Date() }).where(eq(user.id, admin.userId));
    // Impersonating asks for a recent step-up (ADR 053); this test is about the cookies after it.
    const [adminSession] = await db
      .select({ id: sessionTable.id })
      .from(sessionTable)
      .where(eq(sessionTable.userId, admin.userId));
    await db.insert(stepUp).values({ sessionId: adminSession!.id, verifiedAt: new Date() });
    const target = await signedInAs("https-target@example.test");
    await db.update(user).set({ name: "Tess Target", onboardedAt: new Date() }).where(eq(user.id, target.userId));
    expect(admin.cookie).toMatch(/^__Host-better-auth\.session_token=/);

    const started = await run(
      post(`/manager/users/${target.userId}`, admin.cookie, { intent: "impersonate" }),
      userDetail.action as Handler,
      { id: target.userId },
    );
    expect(started.response.status).toBe(302);
    expect(started.response.headers.get("Location")).toBe("/app");
    const setCookies = started.response.headers.getSetCookie();
    // Every cookie is Secure and HttpOnly; the session cookie keeps its __Host- name and rules (no Domain, Path=/).
    for (const line of setCookies) expect(line, line).toMatch(/; Secure/i);
    const sessionCookies = named(setCookies, SESSION_COOKIE);
    expect(sessionCookies.at(-1)).toMatch(/; Path=\/(;|$)/);
    expect(sessionCookies.at(-1)).not.toMatch(/Domain=/i);
    // The impersonation lasts as long as the browser (no Max-Age); the admin's own session waits in admin_session.
    expect(sessionCookies.at(-1)).not.toMatch(/Max-Age/i);
    expect(named(setCookies, "better-auth.admin_session")).toHaveLength(1);
    expect(named(setCookies, "toast")).toHaveLength(1);

    const impersonating = withCookies(admin.cookie, setCookies);
    const inApp = await run(get("/app", impersonating), () => new Response("the user's area"));
    expect(inApp.session?.user.id).toBe(target.userId);
    expect(inApp.session?.session.impersonatedBy).toBe(admin.userId);
    // The manager area is closed to an impersonating admin: back to the user's area.
    const refused = (await run(get("/manager/dashboard", impersonating), guard("manager"))).response;
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/app");
    expect((await run(get("/app", impersonating), guard("app"))).response.status).toBe(200);

    const stopped = await run(post("/impersonation/stop", impersonating), impersonationStop.action as Handler);
    expect(stopped.response.status).toBe(302);
    expect(stopped.response.headers.get("Location")).toBe(`/manager/users/${target.userId}`);
    const stopCookies = stopped.response.headers.getSetCookie();
    for (const line of stopCookies) expect(line, line).toMatch(/; Secure/i);
    expect(named(stopCookies, "better-auth.admin_session").at(-1)).toMatch(/Max-Age=0/i);
    // The admin's own session cookie is long-lived again, as it was before.
    expect(named(stopCookies, SESSION_COOKIE).at(-1)).toMatch(/Max-Age=\d{4,}/i);

    const back = withCookies(impersonating, stopCookies);
    expect(back).not.toContain("admin_session");
    const inManager = await run(get("/manager/dashboard", back), guard("manager"));
    expect(inManager.response.status).toBe(200);
    expect(inManager.session?.user.id).toBe(admin.userId);
    expect(inManager.session?.session.impersonatedBy ?? null).toBeNull();
  });

  it("signs the admin out too when they sign out while impersonating", async () => {
    const admin = await signedInAs("https-admin-out@example.test");
    await db.update(user).set({ role: "admin", onboardedAt: new Date() }).where(eq(user.id, admin.userId));
    const target = await signedInAs("https-target-out@example.test");
    await db.update(user).set({ onboardedAt: new Date() }).where(eq(user.id, target.userId));
    const started = await run(
      post(`/manager/users/${target.userId}`, admin.cookie, { intent: "impersonate" }),
      userDetail.action as Handler,
      { id: target.userId },
    );
    const impersonating = withCookies(admin.cookie, started.response.headers.getSetCookie());

    const out = await run(post("/logout", impersonating), logout.action as Handler);
    expect(out.response.headers.get("Location")).toBe("/login");
    const after = withCookies(impersonating, out.response.headers.getSetCookie());
    expect(after).not.toContain("admin_session");
    expect(after).not.toContain(SESSION_COOKIE);
    // Neither the impersonation nor the admin's own session is left on the server.
    expect(await db.select().from(sessionTable).where(eq(sessionTable.userId, admin.userId))).toHaveLength(0);
    const left = await db.select().from(sessionTable).where(eq(sessionTable.userId, target.userId));
    expect(left.filter((row) => row.impersonatedBy)).toHaveLength(0);
    // And the admin's old cookie no longer opens anything.
    expect((await run(get("/manager/dashboard", admin.cookie), guard("manager"))).session).toBeNull();
  });
});
