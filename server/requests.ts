// What happens to a request, in order: its id and log line, the refusals, a static file, the per-client cap, then the
// app (React Router, through the build's own copy: ADR 025).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "react-router";

import type { ServerApi, ServerEnv } from "./app-api.ts";
import { clientCap, socketOrProxyAddress } from "./client-cap.ts";
import { bodyLimitOf, handOver, refusalOf, refuser } from "./limits.ts";
import { trace, type LogLine } from "./request-log.ts";
import { serveStatic, type StaticFiles } from "./static-files.ts";

const serviceUnavailable = {
  status: 503,
  text: "Service Unavailable",
  headers: { "Retry-After": "1", Connection: "close" },
};

/** The server's request listener; `isStopping` tells it to close each connection after its answer. */
export function requestListener({
  api,
  build,
  env,
  staticFiles,
  isStopping,
}: {
  api: ServerApi;
  build: ServerBuild;
  env: ServerEnv;
  staticFiles: StaticFiles;
  isStopping: () => boolean;
}): (req: IncomingMessage, res: ServerResponse) => void {
  const handle = api.createRequestListener({ build, mode: "production" });
  const cap = clientCap(env.MAX_REQUESTS_PER_CLIENT);
  const refuseOnly = refuser(api.refusalHeaders({ https: env.https }));
  // A refused request is done for the app: it stops counting against its client while the refusal drains the body.
  const refuse: typeof refuseOnly = (req, res, refusal) => {
    cap.release(res);
    refuseOnly(req, res, refusal);
  };

  async function respond(req: IncomingMessage, res: ServerResponse, line: LogLine) {
    if (isStopping()) res.setHeader("Connection", "close");
    const maxBodyBytes = bodyLimitOf(req, env.UPLOAD_MAX_BYTES);
    const refusal = refusalOf(req, maxBodyBytes);
    if (refusal) return refuse(req, res, refusal);
    if ((req.method === "GET" || req.method === "HEAD") && serveStatic(staticFiles, req, res)) {
      line.static = true;
      return;
    }
    const address = socketOrProxyAddress(req, env.TRUST_PROXY);
    // A refusal closes its connection: on a kept one the client would ask again at once, and a refusal costs about
    // what a small page does.
    if (!cap.admit(api.rateLimitSubject(address), res)) return refuse(req, res, serviceUnavailable);
    req.headers[api.CLIENT_ADDRESS_HEADER] = address;
    // With the embedded database a page is rendered within the turn of the event loop that starts it, so requests
    // handled as they are read hardly overlap and the cap never bites: waiting for the next turn counts every request
    // read in this one before any is handled (ADR 010, ADR 048).
    await new Promise(setImmediate);
    // The listener returns its promise (typed void by node:http): a failure reaches the catch below.
    await handOver(req, res, refuse, handle, maxBodyBytes);
  }

  return (req, res) => {
    const line = trace(req, res, api.logger);
    respond(req, res, line).catch((error: unknown) => {
      api.logger.error("request failed", { err: error, requestId: req.headers["x-request-id"] });
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end("Internal Server Error");
    });
  };
}
