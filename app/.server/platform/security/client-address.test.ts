import { describe, expect, it } from "vitest";

import { rateLimitSubject } from "./client-address";

describe("rate limit subject", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::FFFF:203.0.113.7", "203.0.113.7"],
    ["0:0:0:0:0:ffff:cb00:7107", "203.0.113.7"],
    ["203.0.113.7:51234", "203.0.113.7"],
  ])("keeps an IPv4 client as its address (%s)", (address, subject) => {
    expect(rateLimitSubject(address)).toBe(subject);
  });

  it.each([
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["[2001:db8:1:2::1]:443", "2001:db8:1:2::/64"],
    ["fe80::1%eth0", "fe80::/64"],
    ["2001:db8::9", "2001:db8::/64"],
    ["2001:0:0:5::9", "2001:0:0:5::/64"],
    ["::1", "::/64"],
    ["64:ff9b::203.0.113.7", "64:ff9b::/64"],
  ])("counts an IPv6 client as its /64 (%s)", (address, subject) => {
    expect(rateLimitSubject(address)).toBe(subject);
  });

  it("puts every address of one /64 under one subject, and neighbouring /64s under others", () => {
    const subjects = new Set(["2001:db8:a:b::1", "2001:db8:a:b:ffff::2", "2001:db8:a:b:1:2:3:4"].map(rateLimitSubject));
    expect([...subjects]).toEqual(["2001:db8:a:b::/64"]);
    expect(rateLimitSubject("2001:db8:a:c::1")).not.toBe(rateLimitSubject("2001:db8:a:b::1"));
  });

  it("is idempotent, so reading a subject back gives the same subject", () => {
    for (const address of ["203.0.113.7", "::ffff:203.0.113.7", "2001:db8:1:2::1", "::1", "unknown"]) {
      const subject = rateLimitSubject(address);
      expect(rateLimitSubject(subject)).toBe(subject);
    }
  });

  it("leaves what is no address alone, and calls nothing at all unknown", () => {
    expect(rateLimitSubject("")).toBe("unknown");
    expect(rateLimitSubject("unknown")).toBe("unknown");
    expect(rateLimitSubject("not-an-address")).toBe("not-an-address");
  });
});
