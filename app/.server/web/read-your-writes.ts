// Read-your-writes across instances with embedded replicas (ADR 050), after LiteFS's transaction-id cookie: a form post
// that went through answers with a signed cookie holding the primary's frame number after it, and a request bearing
// one, on whichever instance, first brings that instance's replica up to that frame. Without a replica, nothing.
import { createCookie, type MiddlewareFunction } from "react-router";

import { readsFromReplica, replicaAtLeast, syncReplica } from "~/.server/platform/db/client";
import { getEnv } from "~/.server/platform/env";

/**
 * Long enough to outlast any replica's lag (a sync every REPLICA_SYNC_MS, at most 30 s): past it every instance holds
 * the write anyway.
 * Signed: a forged frame number could make an instance sync on every request.
 */
const writtenCookie = createCookie("written", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60,
  secrets: [getEnv().AUTH_SECRET],
  secure: getEnv().https,
});

const readsOnly = new Set(["GET", "HEAD", "OPTIONS"]);

export const readYourWritesMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (!readsFromReplica) return next();
  const cookies = request.headers.get("Cookie");
  if (cookies?.includes(`${writtenCookie.name}=`)) {
    const frame: unknown = await writtenCookie.parse(cookies);
    if (typeof frame === "number") await replicaAtLeast(frame);
  }
  const response = await next();
  // A refused post (400 and up) changed nothing the person will look for.
  if (!readsOnly.has(request.method) && response.status < 400)
    response.headers.append("Set-Cookie", await writtenCookie.serialize(await syncReplica()));
  return response;
};
