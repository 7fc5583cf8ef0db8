import { createRequestListener } from "@react-router/node";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";

import type { ServerApi } from "../server/app-api";
import { startJobs, stopJobs } from "./.server/features/background-jobs";
import { client as databaseClient } from "./.server/platform/db/client";
import { prepareDatabase } from "./.server/platform/db/prepare";
import { emailDeliveryWarning } from "./.server/platform/email/transport";
import { getEnv } from "./.server/platform/env";
import { BUSY_RETRY_AFTER_SECONDS } from "./.server/platform/exclusive";
import { logger } from "./.server/platform/logger";
import { CLIENT_ADDRESS_HEADER, rateLimitSubject } from "./.server/platform/security/client-address";
import { refusalHeaders } from "./.server/platform/security/headers";
import { getInstance } from "./.server/web/i18n";
import { nonceContext } from "./.server/web/security-middleware";
import { readTheme } from "./.server/web/theme";
import { NonceProvider } from "./components/nonce";
import { RequestFactsProvider } from "./components/request-facts";
import { FEATURE_SEEDS } from "./features/seed.server";

/**
 * What the production server (server/, ADR 048) takes from the build, in one typed object: the server's types follow
 * the app's, and a build older than the server is told apart at start. The server answers through the bundle's own copy
 * of React Router: importing @react-router/node there would load a second copy from node_modules, one running the
 * request pipeline and the other rendering (ADR 025).
 */
export const serverApi = {
  createRequestListener,
  prepareDatabase: () => prepareDatabase({ featureSeeds: FEATURE_SEEDS }),
  databaseClient,
  getEnv,
  emailDeliveryWarning,
  logger,
  CLIENT_ADDRESS_HEADER,
  rateLimitSubject,
  refusalHeaders,
  startJobs,
  stopJobs,
} satisfies ServerApi;

// `npm run dev` runs no server/main.ts: the development server's process runs the job worker, which sends the e-mails
// (ADR 046).
if (import.meta.env.DEV) void startJobs();

export const streamTimeout = 5_000;

/** The header the server gives every request (server/request-log.ts): its id, which error lines name. */
const REQUEST_ID_HEADER = "x-request-id";

/**
 * Every error of a loader, action or render, logged once with its stack (ADR 021). A request the client abandoned is
 * not an error of ours, nor is a 4xx answer (a path or method no route serves): the request line shows its status.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // A 5xx response React Router made from a thrown error keeps that error (untyped) in `error`.
  const err = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
  logger.error("request failed", { err, requestId: request.headers.get(REQUEST_ID_HEADER) ?? undefined });
};

/**
 * A 503 is a turn that did not come in time (app/.server/platform/exclusive.ts): React Router keeps only the cookies of
 * a thrown response's headers, so its Retry-After is set here, on the page and on the data of a JavaScript navigation.
 */
function withRetryAfter(status: number, headers: Headers) {
  if (status === 503 && !headers.has("Retry-After")) headers.set("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
}

export function handleDataRequest(response: Response) {
  withRetryAfter(response.status, response.headers);
  return response;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(nonceContext);
  // A page refused by a middleware renders without the root loader's data: its theme still comes from the cookie. A
  // failed page gives its request's id, the one of its log line (handleError), as a reference; read only then, as a
  // header read outside the document cache's key keeps a page out of it (ADR 028).
  const requestId = responseStatusCode >= 500 ? (request.headers.get(REQUEST_ID_HEADER) ?? undefined) : undefined;
  const facts = { theme: await readTheme(request), requestId };
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
  // Abort a render that outlives the stream timeout. The timer holds the whole render (React tree, i18n instance,
  // request) in memory, so it is cleared as soon as everything is rendered: otherwise every page stays in memory for
  // six seconds after it was sent (ADR 008).
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), streamTimeout + 1000);
  const cleared = () => clearTimeout(timer);
  let shellRendered = false;
  // React writes the page into a web stream, which the Response sends as it is: no Node stream in between (ADR 026).
  const stream = await renderToReadableStream(
    <I18nextProvider i18n={getInstance(loadContext)}>
      <NonceProvider value={nonce}>
        <RequestFactsProvider value={facts}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestFactsProvider>
      </NonceProvider>
    </I18nextProvider>,
    {
      nonce,
      signal: timeout.signal,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Before the shell, the error reaches React Router, whose handleError (above) logs it.
        if (shellRendered)
          logger.error("render failed after the shell was sent", {
            err: error,
            requestId: request.headers.get(REQUEST_ID_HEADER) ?? undefined,
          });
      },
    },
  ).catch((error: unknown) => {
    cleared();
    throw error;
  });
  shellRendered = true;
  stream.allReady.then(cleared, cleared);
  if (waitForAll) await stream.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  withRetryAfter(responseStatusCode, responseHeaders);
  return new Response(stream, { headers: responseHeaders, status: responseStatusCode });
}
