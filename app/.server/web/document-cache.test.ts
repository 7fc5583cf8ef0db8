// The cache of pages that are the same for every visitor without a cookie (ADR 028): what it answers, what it keeps
// apart, what it never stores, and that each answer carries its own request's nonce.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { documentCache } from "./document-cache";
import { nonceContext } from "./security-middleware";

const PAGE = (nonce: string) => `<html><script nonce="${nonce}">1</script><p>Sign in</p></html>`;

/** A page whose text takes one to four bytes a character in UTF-8, with the nonce in three places. */
const MULTILINGUAL = (nonce: string) =>
  `<html dir="rtl"><script nonce="${nonce}">1</script><p>تسجيل الدخول · Connexion · 登录 🔑</p><style nonce="${nonce}"></style>${nonce}</html>`;

/** The sign-in page as the render gives it. */
const page = (nonce: string): Response =>
  new Response(PAGE(nonce), { headers: { "Content-Type": "text/html; charset=utf-8", "X-Page": "login" } });

/** A cache with a clock of its own, and a fake render that counts its calls and puts the request's nonce in. */
function harness() {
  let time = 0;
  const cache = documentCache(() => time);
  let renders = 0;
  let answer = page;
  let serial = 0;
  async function get(url = "http://x/login", init: RequestInit = {}) {
    const context = new RouterContextProvider();
    const nonce = `nonce-${++serial}+/=`;
    context.set(nonceContext, nonce);
    const request = new Request(url, init);
    const response = (await cache(
      { request, context, params: {}, url: new URL(url), pattern: "/login" } as never,
      () => {
        renders++;
        return Promise.resolve(answer(nonce));
      },
    )) as Response;
    return { nonce, response, body: await response.text() };
  }
  return {
    get,
    renders: () => renders,
    advance: (ms: number) => (time += ms),
    answerWith: (next: (nonce: string) => Response) => (answer = next),
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
});
