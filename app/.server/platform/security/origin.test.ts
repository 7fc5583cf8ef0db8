import { describe, expect, it } from "vitest";

import { isSameSiteRequest } from "./origin";

const appUrl = "https://groundwork.example";

function request(method: string, headers: Record<string, string> = {}) {
  return new Request(`${appUrl}/app/account`, { method, headers });
}

describe("same-site requests", () => {
  it.each(["GET", "HEAD"])("always lets a %s through, even from another site", (method) => {
    expect(
      isSameSiteRequest(request(method, { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" }), appUrl),
    ).toBe(true);
  });

  it("lets a form post from this site through", () => {
    expect(isSameSiteRequest(request("POST", { "Sec-Fetch-Site": "same-origin" }), appUrl)).toBe(true);
  });

  it.each(["cross-site", "same-site", "none"])("refuses a post whose Sec-Fetch-Site is %s", (site) => {
    expect(isSameSiteRequest(request("POST", { "Sec-Fetch-Site": site, Origin: appUrl }), appUrl)).toBe(false);
  });

  it("refuses a post whose Origin is another site's, even when Fetch Metadata says same-origin", () => {
    expect(
      isSameSiteRequest(request("POST", { "Sec-Fetch-Site": "same-origin", Origin: "https://evil.example" }), appUrl),
    ).toBe(false);
    expect(isSameSiteRequest(request("POST", { "Sec-Fetch-Site": "same-origin", Origin: "null" }), appUrl)).toBe(false);
    expect(isSameSiteRequest(request("POST", { "Sec-Fetch-Site": "same-origin", Origin: appUrl }), appUrl)).toBe(true);
  });

  it.each(["OPTIONS", "PUT", "PATCH", "DELETE"])("checks a %s like a post", (method) => {
    expect(isSameSiteRequest(request(method, { "Sec-Fetch-Site": "cross-site" }), appUrl)).toBe(false);
  });

  it("falls back to the Origin header in a browser without Fetch Metadata", () => {
    expect(isSameSiteRequest(request("POST", { Origin: appUrl }), appUrl)).toBe(true);
    expect(isSameSiteRequest(request("POST", { Origin: "https://evil.example" }), appUrl)).toBe(false);
    expect(isSameSiteRequest(request("POST", { Origin: "http://groundwork.example" }), appUrl)).toBe(false);
  });

  it.each<Record<string, string>>([{}, { Origin: "null" }])("refuses a post with no usable origin (%o)", (headers) => {
    expect(isSameSiteRequest(request("POST", headers), appUrl)).toBe(false);
  });
});
