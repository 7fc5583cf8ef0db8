// One log line per request, written when its answer ends (ADR 021), and the request's id.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

import type { ServerApi } from "./app-api.ts";

/** Query parameters whose values are logged; every other value is a secret until shown otherwise (ADR 021). */
const LOGGED_QUERY_VALUES = new Set(["index", "lng", "sort", "direction"]);
/** An incoming X-Request-Id is kept when it is this short and safe; otherwise the request gets its own id. */
const SAFE_REQUEST_ID = /^[\w.:-]{1,64}$/;

/** The request's path as logged: the query's keys stay, their values are dropped but for LOGGED_QUERY_VALUES. */
function loggedPath(url = "/"): string {
  const mark = url.indexOf("?");
  const path = mark === -1 ? url : url.slice(0, mark);
  const shown = path.length > 512 ? `${path.slice(0, 512)}…` : path;
  if (mark === -1) return shown;
  const query = url
    .slice(mark + 1)
    .split("&")
    .slice(0, 20)
    .map((pair) => {
      const equals = pair.indexOf("=");
      const key = equals === -1 ? pair : pair.slice(0, equals);
      if (!/^[A-Za-z_][\w.-]{0,31}$/.test(key)) return "[redacted]";
      if (equals === -1 || LOGGED_QUERY_VALUES.has(key)) return pair.slice(0, 64);
      return `${key}=[redacted]`;
    });
  return `${shown}?${query.join("&")}`;
}

/** What the request's line says besides its answer: static files are logged at debug. */
export type LogLine = { static: boolean };

/** Gives the request its id (X-Request-Id, both ways) and logs one line when its answer ends. */
export function trace(req: IncomingMessage, res: ServerResponse, logger: ServerApi["logger"]): LogLine {
  const started = performance.now();
  const incoming = req.headers["x-request-id"];
  const id = typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.headers["x-request-id"] = id; // read by handleError in app/entry.server.tsx
  res.setHeader("X-Request-Id", id);
  const line: LogLine = { static: false };
  res.once("close", () => {
    const request: Record<string, unknown> = {
      id,
      method: req.method,
      path: loggedPath(req.url),
      status: res.statusCode,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    };
    if (!res.writableFinished) request.aborted = true;
    // Static files are many per page and say little: debug. Every other answer, refusals included: info.
    logger[line.static ? "debug" : "info"]("request", { request });
  });
  return line;
}
