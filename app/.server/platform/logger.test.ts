import { describe, expect, it } from "vitest";

import { textLine } from "./logger";

const base = { level: 30, time: "2026-11-23T18:40:05.123Z", pid: 4242, hostname: "box" };

describe("the text format", () => {
  it("shows a request line as method, path, status, duration and id", () => {
    const request = { id: "7d1c1f5e", method: "GET", path: "/login?code=[redacted]", status: 200, durationMs: 3.4 };
    const line = textLine(JSON.stringify({ ...base, request, msg: "request" }), false);
    expect(line).toMatch(
      /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] INFO \(4242\): GET \/login\?code=\[redacted\] 200 3.4 ms \(request 7d1c1f5e\)\n$/,
    );
    expect(line).not.toContain("box");
  });

  it("says when the client went away before the answer ended", () => {
    const request = { id: "1", method: "POST", path: "/login", status: 200, durationMs: 9, aborted: true };
    expect(textLine(JSON.stringify({ ...base, request }), false)).toContain("9 ms (request 1) aborted\n");
  });

  it("keeps other fields as JSON after the message, and an error's stack on the lines below", () => {
    const err = { type: "Error", message: "boom", stack: "Error: boom\n    at run (file.ts:1:1)" };
    const line = textLine(JSON.stringify({ ...base, level: 50, msg: "request failed", requestId: "abc", err }), false);
    const [first, ...stack] = line.trimEnd().split("\n");
    expect(first).toMatch(/ ERROR \(4242\): request failed \{"requestId":"abc"\}$/);
    expect(stack).toEqual(["    Error: boom", "        at run (file.ts:1:1)"]);
  });

  it("colours the level on a terminal only", () => {
    expect(textLine(JSON.stringify({ ...base, level: 40, msg: "careful" }), true)).toContain("\x1b[33mWARN\x1b[0m");
    expect(textLine(JSON.stringify({ ...base, level: 40, msg: "careful" }), false)).not.toContain("\x1b[");
  });
});
