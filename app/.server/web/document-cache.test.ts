// The cache of pages that are the same for every visitor without a cookie (ADR 028): what it answers, what it keeps
// apart, what it never stores (a page that read a header outside its key among them), and that each answer carries
// its own request's nonce.
import { RouterContextProvider, type MiddlewareFunction } from "react-router";
import { describe, expect, it } from "vitest";

import { loader as loginLoader } from "~/features/sign-in/login";
import { loader as rootLoader, middleware as rootMiddleware } from "~/root";
import { documentCache, headerReadsMiddleware } from "./document-cache";
import { nonceContext } from "./security-middleware";

const PAGE = (nonce: string) => `<html><script nonce="${nonce}">1</script><p>Sign in</p></html>`;

/** A page whose text takes one to four bytes a character in UTF-8, with the nonce in three places. */
const MULTILINGUAL = (nonce: string) =>
  `<html dir="rtl"><script nonce="${nonce}">1</script><p>تسجيل الدخول · Connexion · 登录 🔑</p><style nonce="${nonce}"></style>${nonce}</html>`;

/** The sign-in page as the render gives it. */
const page = (nonce: string): Response =>
  new Response(PAGE(nonce), { headers: { "Content-Type": "text/html; charset=utf-8", "X-Page": "login" } });

/** Runs `middleware` in order around `last`, as React Router does, with the same request and context for all. */
function chain(
  middleware: MiddlewareFunction<Response>[],
  args: { request: Request; context: RouterContextProvider },
  last: () => Promise<Response>,
): Promise<Response> {
  const [first, ...rest] = middleware;
  if (!first) return last();
  const call = { ...args, params: {}, url: new URL(args.request.url), pattern: "/login" } as never;
  return Promise.resolve(first(call, () => chain(rest, args, last))) as Promise<Response>;
}

const readNothing = () => undefined;

/**
 * A cache behind the header recorder, with a clock of its own, and a fake render that counts its calls, puts the
 * request's nonce in and reads what `reads` says from the request.
 */
function harness({ record = true } = {}) {
  let time = 0;
  const middleware = [...(record ? [headerReadsMiddleware] : []), documentCache(() => time)];
  let renders = 0;
  let answer = page;
  let reads: (request: Request) => unknown = readNothing;
  let serial = 0;
  async function get(url = "http://x/login", init: RequestInit = {}) {
    const context = new RouterContextProvider();
    const nonce = `nonce-${++serial}+/=`;
    context.set(nonceContext, nonce);
    const request = new Request(url, init);
    const response = await chain(middleware, { request, context }, () => {
      renders++;
      reads(request);
      return Promise.resolve(answer(nonce));
    });
    return { nonce, response, body: await response.text() };
  }
  return {
    get,
    renders: () => renders,
    advance: (ms: number) => (time += ms),
    answerWith: (next: (nonce: string) => Response) => (answer = next),
    readWith: (next: (request: Request) => unknown) => (reads = next),
  };
}

describe("the document cache", () => {
  it("renders a page once, then answers it again with this request's nonce and the same headers", async () => {
    const { get, renders } = harness();
    const first = await get();
    const second = await get();
    expect(renders()).toBe(1);
    expect(first.body).toBe(PAGE(first.nonce));
    expect(second.body).toBe(PAGE(second.nonce));
    expect(second.body).not.toContain(first.nonce);
    expect(second.response.status).toBe(200);
    expect(second.response.headers.get("x-page")).toBe("login");
    expect(second.response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("puts the nonce back everywhere it was, in a page with text of every script", async () => {
    const { get, answerWith } = harness();
    answerWith((nonce) => new Response(MULTILINGUAL(nonce), { headers: { "Content-Type": "text/html" } }));
    await get();
    const again = await get();
    expect(again.body).toBe(MULTILINGUAL(again.nonce));
  });

  it("renders every request that carries a cookie or credentials, and stores none of them", async () => {
    const { get, renders } = harness();
    await get("http://x/login", { headers: { Cookie: "theme=dark" } });
    await get("http://x/login", { headers: { Cookie: "theme=dark" } });
    await get("http://x/login", { headers: { Authorization: "Bearer x" } });
    expect(renders()).toBe(3);
    await get();
    expect(renders()).toBe(4);
  });

  it("keeps the URL, the language asked for and the referrer apart", async () => {
    const { get, renders } = harness();
    await get("http://x/login");
    await get("http://x/login?redirect=/app/account");
    await get("http://x/login", { headers: { "Accept-Language": "fr" } });
    await get("http://x/login", { headers: { Referer: "http://x/somewhere" } });
    expect(renders()).toBe(4);
    await get("http://x/login?redirect=/app/account");
    await get("http://x/login", { headers: { "Accept-Language": "fr" } });
    expect(renders()).toBe(4);
  });

  it("never stores an answer that sets a cookie, fails, redirects or is not a page", async () => {
    const { get, renders, answerWith } = harness();
    const refusals: Array<(nonce: string) => Response> = [
      (nonce) => new Response(PAGE(nonce), { headers: { "Content-Type": "text/html", "Set-Cookie": "lng=fr" } }),
      (nonce) => new Response(PAGE(nonce), { status: 500, headers: { "Content-Type": "text/html" } }),
      () => new Response(null, { status: 302, headers: { Location: "/app" } }),
      () => new Response("{}", { headers: { "Content-Type": "application/json" } }),
    ];
    for (const refusal of refusals) {
      answerWith(refusal);
      const before = renders();
      await get();
      await get();
      expect(renders() - before).toBe(2);
    }
  });

  it("renders a POST every time", async () => {
    const { get, renders } = harness();
    await get("http://x/login", { method: "POST", body: "intent=email" });
    await get("http://x/login", { method: "POST", body: "intent=email" });
    expect(renders()).toBe(2);
  });

  it("renders a page again after a minute, and drops the oldest page past its size", async () => {
    const { get, renders, advance } = harness();
    await get();
    advance(59_000);
    await get();
    expect(renders()).toBe(1);
    advance(1_000);
    await get();
    expect(renders()).toBe(2);

    for (let index = 0; index < 64; index++) await get(`http://x/login?redirect=/app/${index}`);
    expect(renders()).toBe(66);
    await get(`http://x/login?redirect=/app/63`);
    expect(renders()).toBe(66);
    await get();
    expect(renders()).toBe(67);
  });

  it("renders a request whose key would be too long", async () => {
    const { get, renders } = harness();
    const url = `http://x/login?redirect=/${"a".repeat(3000)}`;
    await get(url);
    await get(url);
    expect(renders()).toBe(2);
  });

  it("stores a page that read only the headers of its key", async () => {
    const { get, renders, readWith } = harness();
    readWith((request) => ["Accept-Language", "referer", "user-agent", "cookie"].map((n) => request.headers.get(n)));
    await get();
    await get();
    expect(renders()).toBe(1);
  });

  it("serves but never stores a page that read a header outside its key, listed the headers or cloned the request", async () => {
    const refusals: Array<(request: Request) => unknown> = [
      (request) => request.headers.get("X-Forwarded-Host"),
      (request) => request.headers.has("sec-ch-ua"),
      (request) => Object.fromEntries(request.headers),
      (request) => new Headers(request.headers),
      (request) => request.clone(),
    ];
    for (const refusal of refusals) {
      const { get, renders, readWith } = harness();
      readWith(refusal);
      const first = await get();
      const second = await get();
      expect(renders(), String(refusal)).toBe(2);
      expect(second.body).toBe(PAGE(second.nonce));
      expect(first.response.status).toBe(200);
    }
  });

  it("never stores a page when nothing recorded what was read", async () => {
    const { get, renders } = harness({ record: false });
    await get();
    await get();
    expect(renders()).toBe(2);
  });
});

/**
 * GET /login through the root's middleware and a cache of its own, the two loaders, and a render that reads what
 * entry.server.tsx reads (the User-Agent); `extraRead` is a header read added to the sign-in loader.
 */
function signInPage(extraRead?: string) {
  let renders = 0;
  const middleware = [...(rootMiddleware as MiddlewareFunction<Response>[]), documentCache()];
  return {
    renders: () => renders,
    async get() {
      const request = new Request(`${process.env.APP_URL}/login`, { headers: { "User-Agent": "bench" } });
      const context = new RouterContextProvider();
      const args = { request, context, params: {}, url: new URL(request.url), pattern: "/login" } as never;
      const response = await chain(middleware, { request, context }, async () => {
        renders++;
        const root = (await rootLoader(args)) as { data: { locale: string } };
        if (extraRead) request.headers.get(extraRead);
        const login = loginLoader(args);
        request.headers.get("user-agent");
        const body = `<html lang="${root.data.locale}" nonce="${context.get(nonceContext)}">${login.title}</html>`;
        return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
      });
      return { status: response.status, body: await response.text() };
    },
  };
}

describe("the document cache on the sign-in page's own path", () => {
  it("stores the sign-in page as it is read today", async () => {
    const signIn = signInPage();
    const first = await signIn.get();
    await signIn.get();
    expect(first.status).toBe(200);
    expect(signIn.renders()).toBe(1);
  });

  it("refuses to store it once its loader reads another header", async () => {
    const signIn = signInPage("x-forwarded-host");
    await signIn.get();
    const second = await signIn.get();
    expect(second.status).toBe(200);
    expect(signIn.renders()).toBe(2);
  });
});
