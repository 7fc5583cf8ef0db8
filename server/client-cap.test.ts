import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";

import { clientCap } from "./client-cap.ts";

/** A response as the cap sees one: something that closes. */
const response = () => new EventEmitter() as unknown as ServerResponse;

describe("clientCap", () => {
  it("refuses a client's request past its cap until one of its answers closes", () => {
    const cap = clientCap(2);
    const [first, second] = [response(), response()];
    expect(cap.admit("a", first)).toBe(true);
    expect(cap.admit("a", second)).toBe(true);
    expect(cap.admit("a", response())).toBe(false);
    expect(cap.admit("b", response()), "another client is counted apart").toBe(true);
    first.emit("close");
    expect(cap.admit("a", response())).toBe(true);
  });

  it("stops counting a refused request at once, while its refusal still drains the body, and counts it once", () => {
    const cap = clientCap(1);
    const draining = response();
    expect(cap.admit("a", draining)).toBe(true);
    cap.release(draining);
    expect(cap.admit("a", response())).toBe(true);
    // The drain ends later: its close must not free the place the next request holds.
    draining.emit("close");
    expect(cap.admit("a", response())).toBe(false);
  });

  it("admits everything when the cap is 0", () => {
    const cap = clientCap(0);
    for (let n = 0; n < 100; n++) expect(cap.admit("a", response())).toBe(true);
  });
});
