// A real SMTP server (the smtp-server package) that keeps every message it receives, for tests to read codes (from
// the text part) and check the HTML part from.
import { SMTPServer } from "smtp-server";

export type ReceivedEmail = { to: string[]; raw: string; text: string; html?: string; receivedAt: number };

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A part's body, decoded as its Content-Transfer-Encoding says (quoted-printable, base64, or as is). */
function decodePart(headers: string, body: string): string {
  const encoding = headers.match(/^Content-Transfer-Encoding: ([\w-]+)/im)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    return Buffer.from(
      body.replace(/=\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  }
  return body;
}

/**
 * One part of a raw MIME message (`text/plain` or `text/html`), decoded; undefined when it has no such part. Parts
 * are cut at their multipart boundaries (never at any line starting with "--", which HTML comments can make). A
 * message without parts is its own text part.
 */
function partOf(raw: string, type: "plain" | "html"): string | undefined {
  const message = raw.replace(/\r\n/g, "\n");
  const boundaries = [...message.matchAll(/boundary="?([^";\n]+)"?/gi)].map((match) => escapeRegExp(match[1]!));
  const parts = boundaries.length
    ? message.split(new RegExp(`^--(?:${boundaries.join("|")})(?:--)?[ \\t]*$`, "m"))
    : [message];
  for (const part of parts.map((chunk) => chunk.replace(/^\n/, ""))) {
    const cut = part.indexOf("\n\n");
    if (cut < 0 || !new RegExp(`^Content-Type: text\\/${type}\\b`, "im").test(part.slice(0, cut))) continue;
    return decodePart(part.slice(0, cut), part.slice(cut + 2).replace(/\n$/, ""));
  }
  return boundaries.length === 0 && type === "plain" ? message : undefined;
}

export class SmtpSink {
  readonly messages: ReceivedEmail[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
        const accept = () => {
          this.messages.push({
            to,
            raw,
            text: partOf(raw, "plain") ?? "",
            html: partOf(raw, "html"),
            receivedAt: Date.now(),
          });
          callback();
        };
        const delay = Math.max(0, ...to.map((address) => this.answerDelays.get(address) ?? 0));
        // A message is delivered when the server says so: one never answered was never delivered.
        if (delay === 0) accept();
        else if (delay !== Infinity) setTimeout(accept, delay);
      });
    },
  });
  port = 0;
  private answerDelays = new Map<string, number>();

  async start(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(0, "127.0.0.1", () => resolve());
    });
    this.port = (this.server.server.address() as { port: number }).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A mail server that is down: connections to its port are refused until `accept` (same port). */
  async refuse(): Promise<void> {
    await new Promise<void>((resolve) => this.server.server.close(() => resolve()));
  }

  async accept(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.server.once("error", reject);
      this.server.server.listen(this.port, "127.0.0.1", () => resolve());
    });
  }

  /**
   * A slow mail server for messages to `email`: it answers their data `ms` later (Infinity: never, the sender waits
   * until it gives up or dies). The message counts as received when it is answered.
   */
  answerAfter(email: string, ms: number): void {
    this.answerDelays.set(email.toLowerCase(), ms);
  }

  messagesTo(email: string): ReceivedEmail[] {
    return this.messages.filter((message) => message.to.includes(email.toLowerCase()));
  }

  /** Waits for a message to `email` that arrived after `since`, and returns it. */
  async waitForEmail(email: string, { since = 0, timeoutMs = 10_000 } = {}): Promise<ReceivedEmail> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = this.messagesTo(email)
        .filter((message) => message.receivedAt >= since)
        .at(-1);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`No e-mail to ${email} within ${timeoutMs} ms`);
  }

  /** The 6-digit sign-in code of the newest message to `email` since `since`. */
  async waitForCode(email: string, options: { since?: number; timeoutMs?: number } = {}): Promise<string> {
    const message = await this.waitForEmail(email, options);
    const code = message.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`No code in the e-mail to ${email}:\n${message.text}`);
    return code;
  }
}
