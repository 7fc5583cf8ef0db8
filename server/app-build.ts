// The app's server bundle (build/server), and the one object through which the server talks to it (`serverApi`,
// exported by app/entry.server.tsx).
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

import type { ServerApi } from "./app-api.ts";

/** Every member of ServerApi, listed by the compiler's demand: a build older than the server lacks some. */
const members: Record<keyof ServerApi, true> = {
  CLIENT_ADDRESS_HEADER: true,
  createRequestListener: true,
  databaseClient: true,
  emailDeliveryWarning: true,
  getEnv: true,
  logger: true,
  prepareDatabase: true,
  rateLimitSubject: true,
  refusalHeaders: true,
  startJobs: true,
  stopJobs: true,
};

/** A start-up error that is one line naming its cause, printed without a stack. */
export const isEnvError = (error: unknown): error is Error => error instanceof Error && error.name === "EnvError";

/** Prints `message` as the process's one line and exits with 1. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Loads the bundle and its `serverApi`; a bad environment or a build older than the server ends the process. */
export async function loadApp(): Promise<{ build: ServerBuild; api: ServerApi }> {
  let build: ServerBuild;
  try {
    build = (await import(pathToFileURL(join(process.cwd(), "build", "server", "index.js")).href)) as ServerBuild;
  } catch (error) {
    // The bundle reads the environment as it loads (app/.server/platform/env.ts): a bad variable is one line, not a
    // stack.
    if (isEnvError(error)) fail(error.message);
    throw error;
  }
  const api = (build.entry.module as { serverApi?: Partial<ServerApi> }).serverApi;
  if (!api || Object.keys(members).some((name) => api[name as keyof ServerApi] === undefined)) {
    fail("The build is older than the server: run `npm run build` (or `npm start`, which builds first).");
  }
  return { build, api: api as ServerApi };
}
