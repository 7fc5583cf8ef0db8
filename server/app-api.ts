// What the server takes from the app's bundle: one object, `serverApi`, exported by app/entry.server.tsx, which
// `satisfies` this type, so that the compiler checks both sides (ADR 048). Declared here rather than imported from the
// app, so that compiling the server with the build (`tsc -p server`) compiles nothing of the app.
import type { RequestListener } from "node:http";
import type { ServerBuild } from "react-router";

/** The part of the environment the server reads; app/.server/platform/env.ts validates all of it. */
export type ServerEnv = {
  PORT: number;
  HOST: string;
  APP_URL: string;
  /** APP_URL is https. */
  https: boolean;
  TRUST_PROXY: boolean;
  MAX_REQUESTS_PER_CLIENT: number;
  REQUEST_TIMEOUT_SECONDS: number;
  /** The largest picture upload (server/limits.ts `bodyLimitOf`). */
  UPLOAD_MAX_BYTES: number;
};

type Log = (message: string, details?: Record<string, unknown>) => void;

export type ServerApi = {
  /** React Router's listener, from the bundle's own copy of React Router (ADR 025). */
  createRequestListener: (options: { build: ServerBuild; mode?: string }) => RequestListener;
  /** Reads and validates the environment; throws an error naming the variable. */
  getEnv: () => ServerEnv;
  /** Migrations, then the seed when the database is empty. */
  prepareDatabase: () => Promise<void>;
  databaseClient: { close: () => void };
  /** The start-up warning when e-mail cannot be delivered. */
  emailDeliveryWarning: () => string | undefined;
  logger: { debug: Log; info: Log; warn: Log; error: Log };
  /** The request header in which the server hands the app the client's address. */
  CLIENT_ADDRESS_HEADER: string;
  /** Who an address counts against, for the rate limits and the per-client cap. */
  rateLimitSubject: (address: string) => string;
  /** The headers of a plain-text refusal. */
  refusalHeaders: (options: { https: boolean }) => Headers;
  /** Starts this process's job worker and schedules (ADR 046). */
  startJobs: () => Promise<void>;
  /** Lets the running jobs finish within `deadlineMs`, and hands back the others (ADR 046). */
  stopJobs: (deadlineMs: number) => Promise<void>;
};
