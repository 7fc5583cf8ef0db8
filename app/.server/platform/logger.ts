import { getEnv } from "./env";

const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof levels, "silent">;

function write(level: Level, message: string, details?: Record<string, unknown>) {
  if (levels[level] < levels[getEnv().LOG_LEVEL]) return;
  const line = details ? `${message} ${JSON.stringify(details)}` : message;
  (level === "error" ? console.error : level === "warn" ? console.warn : console.log)(`[${level}] ${line}`);
}

export const logger = {
  debug: (message: string, details?: Record<string, unknown>) => write("debug", message, details),
  info: (message: string, details?: Record<string, unknown>) => write("info", message, details),
  warn: (message: string, details?: Record<string, unknown>) => write("warn", message, details),
  error: (message: string, details?: Record<string, unknown>) => write("error", message, details),
};
