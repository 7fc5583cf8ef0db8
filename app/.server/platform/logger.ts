// The operational log (ADR 021): one pino logger for the app and server.js, in JSON (LOG_FORMAT=json) or readable
// text through pino-pretty, both written synchronously in this process (no transport, no worker thread: ADR 008's
// memory budget). Call signature: `logger.info(message, details)`; an error goes in `details.err` for its stack.
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";

import { getEnv } from "./env";

type Details = Record<string, unknown>;

/** The fields of a request line (server.js): shown as the message in the text format. */
type RequestLine = { id: string; method: string; path: string; status: number; durationMs: number };

let instance: Logger | undefined;

function textStream() {
  return pretty({
    sync: true,
    destination: 1,
    colorize: Boolean(process.stdout.isTTY),
    translateTime: "SYS:yyyy-mm-dd HH:MM:ss.l",
    ignore: "hostname,request",
    singleLine: true,
    messageFormat: (log, messageKey) => {
      const request = log.request as RequestLine | undefined;
      if (!request) return String(log[messageKey] ?? "");
      return `${request.method} ${request.path} ${request.status} ${request.durationMs} ms (request ${request.id})`;
    },
  });
}

/** The pino instance, made on first use from LOG_LEVEL and LOG_FORMAT. */
function pinoLogger(): Logger {
  if (instance) return instance;
  const env = getEnv();
  const options = { level: env.LOG_LEVEL, timestamp: pino.stdTimeFunctions.isoTime };
  instance =
    env.LOG_FORMAT === "json" ? pino(options, pino.destination({ dest: 1, sync: true })) : pino(options, textStream());
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
