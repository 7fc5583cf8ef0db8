// `npm run bench:enumeration`: with sign-up off, does the login page answer a known address as fast as an unknown one?
// Paired samples (ADR 010): each pair sends one known and one unknown address back to back, in alternating order, so
// the machine's load affects both alike; the difference of each pair is what counts. 127.0.0.1 only, bounded.
// Needs a build (`npm run build`). Prints the numbers; exits non-zero when the median difference passes the limit.
import { startServer } from "../tests/e2e/server";
import { SmtpSink } from "../tests/support/smtp-sink";

const PAIRS = Number(process.env.BENCH_PAIRS ?? 200);
const LIMIT_MS = 1;

const mail = await new SmtpSink().start();
const server = await startServer("bench-enumeration", {
  LOG_LEVEL: "error",
  SMTP_URL: mail.url,
  SIGN_UP_ENABLED: "false",
});

// Known accounts, one per pair, so no address meets its send limit.
const { createClient } = await import("@libsql/client");
const db = createClient({ url: server.databaseUrl });
const now = Date.now();
for (let pair = 0; pair < PAIRS; pair++) {
  await db.execute({
    sql: "insert into user (id, name, email, email_verified, created_at, updated_at) values (?, 'Known', ?, 1, ?, ?)",
    args: [`bench-${pair}`, `known-${pair}@example.test`, now, now],
  });
}
db.close();

async function timeSend(email: string, client: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/login?index`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": client },
    body: new URLSearchParams({ intent: "email", email }),
  });
  await response.arrayBuffer();
  if (response.status !== 302) throw new Error(`unexpected status ${response.status} for ${email}`);
  return performance.now() - started;
}

const known: number[] = [];
const unknown: number[] = [];
const differences: number[] = [];
for (let pair = 0; pair < PAIRS; pair++) {
  // A fresh client address every few pairs keeps the per-client limit out of the way.
  const client = `198.18.${Math.floor(pair / 4)}.1`;
  const knownFirst = pair % 2 === 0;
  const a = knownFirst
    ? await timeSend(`known-${pair}@example.test`, client)
    : await timeSend(`unknown-${pair}@example.test`, client);
  const b = knownFirst
    ? await timeSend(`unknown-${pair}@example.test`, client)
    : await timeSend(`known-${pair}@example.test`, client);
  const [k, u] = knownFirst ? [a, b] : [b, a];
  known.push(k);
  unknown.push(u);
  differences.push(k - u);
}
await server.stop();
await mail.stop();

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const median = quantile(differences, 0.5);
console.log(`pairs: ${PAIRS} (known and unknown address, sign-up off, alternating order)`);
console.log(`known address     p50 ${quantile(known, 0.5).toFixed(2)} ms   p90 ${quantile(known, 0.9).toFixed(2)} ms`);
console.log(
  `unknown address   p50 ${quantile(unknown, 0.5).toFixed(2)} ms   p90 ${quantile(unknown, 0.9).toFixed(2)} ms`,
);
console.log(
  `paired difference (known - unknown)   median ${median.toFixed(2)} ms   p10 ${quantile(differences, 0.1).toFixed(2)} ms   p90 ${quantile(differences, 0.9).toFixed(2)} ms   (limit ±${LIMIT_MS} ms on the median)`,
);
if (Math.abs(median) > LIMIT_MS) {
  console.error("the answer's timing tells known addresses from unknown ones");
  process.exitCode = 1;
}
