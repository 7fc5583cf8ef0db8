// A local stand-in for GitHub's OAuth authorize and token endpoints and its REST /user and /user/emails: the one
// thing outside the machine, replaced by a real HTTP server rather than a stub.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";

export type GitHubUser = { id: number; login: string; name: string; email: string; verified?: boolean };

export class GitHubStandIn {
  /** Who "signs in on GitHub" next. */
  user: GitHubUser = { id: 1001, login: "octo", name: "Octo Cat", email: "octo@example.test" };
  private codes = new Map<string, GitHubUser>();
  private tokens = new Map<string, GitHubUser>();
  private server: Server = createServer((req, res) => void this.handle(req, res));
  port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", () => resolve()));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) {
    const url = new URL(req.url ?? "/", this.url);
    const body = await new Promise<string>((resolve) => {
      let text = "";
      req.on("data", (chunk: Buffer) => (text += chunk.toString()));
      req.on("end", () => resolve(text));
    });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === "/login/oauth/authorize") {
      // The consent screen: two plain forms, like GitHub's "Authorize" and "Cancel".
      const params = url.searchParams.toString();
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html lang="en"><head><title>Authorize application</title></head><body><main>
        <h1>Authorize Groundwork</h1>
        <form method="get" action="/login/oauth/decision"><input type="hidden" name="q" value="${encodeURIComponent(params)}">
        <button name="decision" value="allow">Authorize</button><button name="decision" value="deny">Cancel</button></form>
        </main></body></html>`);
      return;
    }
    if (url.pathname === "/login/oauth/decision") {
      const original = new URLSearchParams(decodeURIComponent(url.searchParams.get("q") ?? ""));
      const back = new URL(original.get("redirect_uri") ?? "");
      back.searchParams.set("state", original.get("state") ?? "");
      if (url.searchParams.get("decision") === "allow") {
        const code = randomBytes(8).toString("hex");
        this.codes.set(code, this.user);
        back.searchParams.set("code", code);
      } else {
        back.searchParams.set("error", "access_denied");
        back.searchParams.set("error_description", "The user has denied your application access.");
      }
      res.writeHead(302, { Location: back.toString() });
      res.end();
      return;
    }
    if (url.pathname === "/login/oauth/access_token" && req.method === "POST") {
      const form = new URLSearchParams(body.startsWith("{") ? (JSON.parse(body) as Record<string, string>) : body);
      const user = this.codes.get(form.get("code") ?? "");
      if (!user) return json(200, { error: "bad_verification_code" });
      this.codes.delete(form.get("code") ?? "");
      const token = `gho_${randomBytes(12).toString("hex")}`;
      this.tokens.set(token, user);
      return json(200, { access_token: token, token_type: "bearer", scope: "read:user,user:email" });
    }
    const user = this.tokens.get((req.headers.authorization ?? "").replace(/^(Bearer|token) /i, ""));
    if (url.pathname === "/api/user") {
      if (!user) return json(401, { message: "Bad credentials" });
      return json(200, { id: user.id, login: user.login, name: user.name, email: null, avatar_url: null });
    }
    if (url.pathname === "/api/user/emails") {
      if (!user) return json(401, { message: "Bad credentials" });
      return json(200, [{ email: user.email, primary: true, verified: user.verified ?? true, visibility: "private" }]);
    }
    json(404, { message: "Not Found" });
  }
}
