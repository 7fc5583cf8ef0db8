import { describe, expect, it } from "vitest";

import { applySecurityHeaders, contentSecurityPolicy, createNonce, refusalHeaders } from "./headers";

const options = { nonce: "abc123nonce", development: false, formTargets: ["https://github.com"] };

describe("security headers", () => {
  it("builds a strict content security policy around the request's nonce", () => {
    const directives = contentSecurityPolicy(options).split("; ");
    expect(directives).toContain("script-src 'self' 'nonce-abc123nonce'");
    expect(directives).toContain("frame-ancestors 'none'");
    expect(directives).toContain("object-src 'none'");
    expect(directives).toContain("base-uri 'none'");
    expect(directives).toContain("form-action 'self' https://github.com");
    expect(directives.join(" ")).not.toContain("unsafe-eval");
  });

  it("makes a new nonce of 16 random bytes for every request, also across refills of its pool", () => {
    const nonces = Array.from({ length: 1000 }, () => createNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(
      new Set(nonces.map((nonce) => Buffer.from(nonce, "base64").toString("hex").slice(0, 4))).size,
    ).toBeGreaterThan(900);
  });

  it("sets the policy, nosniff and the referrer policy on a response", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, { ...options, https: false });
    expect(headers.get("Content-Security-Policy")).toContain("'nonce-abc123nonce'");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("asks browsers to stay on https only when the site is served over https", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, { ...options, https: true });
    expect(headers.get("Strict-Transport-Security")).toMatch(/^max-age=\d+/);
  });

  it("gives the server's own refusals the same headers, with a policy that lets nothing load", () => {
    const page = new Headers();
    applySecurityHeaders(page, { ...options, https: true });
    const refusal = refusalHeaders({ https: true });
    expect(refusal.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    for (const [name, value] of page) {
      if (name !== "content-security-policy") expect(refusal.get(name), name).toBe(value);
    }
    expect(refusalHeaders({ https: false }).get("Strict-Transport-Security")).toBeNull();
  });
});
