// The operational log (ADR 021, ADR 026): one pino logger for the app and the server, in JSON (LOG_FORMAT=json) or
// readable text, written to stdout from this process (no transport, no worker thread: ADR 008's memory budget).
// Writes are asynchronous: a line is queued and written with the others of the same turn, and what is queued is
// written before the process exits. A log reader that stops reading cannot stall the server: past MAX_QUEUED_BYTES,
// lines are dropped. Call signature: `logger.info(message, details)`; an error goes in `details.err` for its stack.
import pino, { type DestinationStream, type Logger } from "pino";

import { getEnv } from "./env";

type Details = Record<string, unknown>;

/** The fields of a request line (server/request-log.ts): shown as the message in the text format. */
type RequestLine = { id: string; method: string; path: string; status: number; durationMs: number; aborted?: boolean };

/** How much log output may wait for a slow reader before lines are dropped. */
const MAX_QUEUED_BYTES = 4 * 1024 * 1024;

const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: "TRACE", color: "\x1b[90m" },
  20: { name: "DEBUG", color: "\x1b[34m" },
  30: { name: "INFO", color: "\x1b[32m" },
  40: { name: "WARN", color: "\x1b[33m" },
  50: { name: "ERROR", color: "\x1b[31m" },
  60: { name: "FATAL", color: "\x1b[41m" },
};

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** "2026-11-23 18:40:05.123" in the machine's time zone. */
function localTime(iso: unknown): string {
  const at = new Date(typeof iso === "string" ? iso : Date.now());
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}.${pad(at.getMilliseconds(), 3)}`;
}

/**
 * One JSON line of pino as readable text: `[time] LEVEL (pid): message {other fields}`, a request line as
 * `GET /path 200 3.4 ms (request id)`, and an error's stack on the lines below, indented.
 */
export function textLine(json: string, colorize: boolean): string {
  const {
    level,
    time,
    pid,
    hostname: _hostname,
    msg,
    request,
    err,
    ...rest
  } = JSON.parse(json) as Details & {
    level: number;
    request?: RequestLine;
    err?: { type?: string; message?: string; stack?: string };
  };
  const { name, color } = LEVELS[level] ?? { name: String(level), color: "" };
  const label = colorize ? `${color}${name}\x1b[0m` : name;
  const message = request
    ? `${request.method} ${request.path} ${request.status} ${request.durationMs} ms (request ${request.id})${request.aborted ? " aborted" : ""}`
    : String(msg ?? "");
  let line = `[${localTime(time)}] ${label} (${String(pid)}): ${message}`;
  if (Object.keys(rest).length > 0) line += ` ${JSON.stringify(rest)}`;
  if (err) line += `\n${(err.stack ?? `${err.type ?? "Error"}: ${err.message ?? ""}`).replace(/^/gm, "    ")}`;
  return `${line}\n`;
}

let instance: Logger | undefined;

/** The pino instance, made on first use from LOG_LEVEL and LOG_FORMAT. */
function pinoLogger(): Logger {
  if (instance) return instance;
  const env = getEnv();
  const options = { level: env.LOG_LEVEL, timestamp: pino.stdTimeFunctions.isoTime };
  // pino writes what is queued when the process exits (its own exit hook for an asynchronous destination).
  const stdout = pino.destination({ dest: 1, sync: false, maxLength: MAX_QUEUED_BYTES });
  const colorize = Boolean(process.stdout.isTTY);
  const text: DestinationStream = { write: (json: string) => void stdout.write(textLine(json, colorize)) };
  instance = pino(options, env.LOG_FORMAT === "json" ? stdout : text);
  return instance;
}

function write(level: "debug" | "info" | "warn" | "error", message: string, details?: Details) {
  const target = pinoLogger();
  if (!target.isLevelEnabled(level)) return;
  if (details) target[level](details, message);
  else target[level](message);
}

export const logger = {
  debug: (message: string, details?: Details) => write("debug", message, details),
  info: (message: string, details?: Details) => write("info", message, details),
  warn: (message: string, details?: Details) => write("warn", message, details),
  error: (message: string, details?: Details) => write("error", message, details),
};
