// A list that cannot be read shows its own error state with Retry inside the page (docs/product.md, "Data list"): the
// navigation, the search and the filters stay usable, and a second try is one click away, with or without JavaScript.
import { logger } from "~/.server/platform/logger";

/** The header the server gives every request (server/request-log.ts): the log line names it for support. */
const REQUEST_ID_HEADER = "x-request-id";

/**
 * The list query's answer, or null when it failed (logged with the request id). Only an Error is caught: a thrown
 * answer (a redirect, a 403, a 404, a 503 "busy") is not a failure of the list, and React Router still renders it.
 */
export async function listOrFailure<T>(request: Request, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (!(error instanceof Error) || request.signal.aborted) throw error;
    logger.error("a list could not be loaded", {
      err: error,
      path: new URL(request.url).pathname,
      requestId: request.headers.get(REQUEST_ID_HEADER) ?? undefined,
    });
    return null;
  }
}
