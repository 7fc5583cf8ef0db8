import { once } from "node:events";
import { createServer, request, type IncomingMessage, type RequestListener } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";

import { bodyLimitOf, handOver, MAX_BODY_BYTES, refusalOf, refuser } from "./limits.ts";

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A server that refuses and hands over as server/requests.ts does, one turn after the request was read. */
async function serve(handle: RequestListener): Promise<number> {
  const refuse = refuser(new Headers({ "Content-Type": "text/plain; charset=utf-8" }));
  const server = createServer(async (req, res) => {
    const refusal = refusalOf(req);
    if (refusal) return refuse(req, res, refusal);
    await new Promise(setImmediate);
    handOver(req, res, refuse, handle);
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return (server.address() as AddressInfo).port;
}

/**
 * The app's side: counts the body it reads, and whether its request was aborted. Like React Router's body stream, it
 * stops reading at the abort: what the server drains after its 413 is not the app's.
 */
function countingApp() {
  const seen = { bytes: 0, aborted: false };
  const count = (chunk: Buffer) => (seen.bytes += chunk.length);
  const handle: RequestListener = (req: IncomingMessage, res) => {
    req.on("data", count);
    req.once("aborted", () => {
      seen.aborted = true;
      req.off("data", count);
    });
    req.once("end", () => res.end(String(seen.bytes)));
  };
  return { seen, handle };
}

const chunk = (size: number) =>
  Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), Buffer.alloc(size, "a"), Buffer.from("\r\n")]);

describe("handOver", () => {
  it("gives the app a streamed body whole, when it arrived with the head, before the request's turn", async () => {
    const { seen, handle } = countingApp();
    const port = await serve(handle);
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (data: Buffer) => (answer += data.toString("latin1")));
    // Head and body in one write: the body waits, paused, in node:http until the counter and the app listen.
    const head = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
    socket.end(
      Buffer.concat([Buffer.from(head), chunk(100_000), chunk(100_000), chunk(100_000), Buffer.from("0\r\n\r\n")]),
    );
    await once(socket, "close");
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer.endsWith("\r\n\r\n300000")).toBe(true);
    expect(seen.bytes).toBe(300_000);
  });

  it("past the limit, answers 413 to a client still sending, aborts the app's request, drains the rest", async () => {
    const { seen, handle } = countingApp();
    const port = await serve(handle);
    const status = await new Promise<number | string>((done) => {
      const outgoing = request({ host: "127.0.0.1", port, method: "POST", path: "/" }, (response) => {
        response.resume();
        done(response.statusCode ?? 0);
      });
      outgoing.on("error", (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
      const body = Buffer.alloc(MAX_BODY_BYTES / 4, "a");
      for (let sent = 0; sent < 8 * MAX_BODY_BYTES; sent += body.length) outgoing.write(body);
      outgoing.end();
    });
    expect(status).toBe(413);
    expect(seen.aborted).toBe(true);
    expect(seen.bytes).toBeLessThanOrEqual(MAX_BODY_BYTES + MAX_BODY_BYTES / 4);
  });
});

/** A request's head as the server has it once read: a POST of `length` declared bytes. */
const posted = (url: string, length: number) =>
  ({ method: "POST", url, headers: { host: "x", "content-length": String(length) } }) as unknown as IncomingMessage;

describe("bodyLimitOf", () => {
  const upload = 5 * 1024 * 1024;
  const limitOf = (method: string, url: string) => bodyLimitOf({ method, url } as IncomingMessage, upload);

  it("gives a picture upload twice UPLOAD_MAX_BYTES, with or without JavaScript", () => {
    expect(limitOf("POST", "/app/account/picture")).toBe(2 * upload);
    expect(limitOf("POST", "/manager/account/picture.data")).toBe(2 * upload);
    expect(limitOf("POST", "/app/organizations/acme/picture?index")).toBe(2 * upload);
  });

  it("keeps every other request at MAX_BODY_BYTES", () => {
    expect(limitOf("GET", "/app/account/picture")).toBe(MAX_BODY_BYTES);
    expect(limitOf("POST", "/app/account")).toBe(MAX_BODY_BYTES);
    expect(limitOf("POST", "/app/account/pictures")).toBe(MAX_BODY_BYTES);
    expect(limitOf("POST", "/app/account/picture/more")).toBe(MAX_BODY_BYTES);
    expect(limitOf("POST", "/login?next=/picture")).toBe(MAX_BODY_BYTES);
  });

  it("refuses a declared body by the route's limit", () => {
    const picture = posted("/app/account/picture", 3 * MAX_BODY_BYTES);
    expect(refusalOf(picture, bodyLimitOf(picture, upload))).toBeUndefined();
    const other = posted("/app/account", 3 * MAX_BODY_BYTES);
    expect(refusalOf(other, bodyLimitOf(other, upload))?.status).toBe(413);
    const huge = posted("/app/account/picture", 50 * 1024 * 1024);
    expect(refusalOf(huge, bodyLimitOf(huge, upload))?.status).toBe(413);
  });
});
