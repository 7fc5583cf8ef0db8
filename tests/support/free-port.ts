// A TCP port free on 127.0.0.1 a moment ago: for the servers tests start (the app, sqld, a container on the host network).
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}
