// An open-loop load: requests sent at a fixed rate whatever the answers, for latency at a given offered rate.
//
// Why not autocannon's `overallRate`: it gives each connection a budget of requests per second, spent back to back from
// the start of each second, then idle until the next. At half a server's capacity that is full load for half of each
// second, and the p99 measures that burst. Its correction for coordinated omission then adds made-up samples at a
// 1 ms interval behind every slow answer. Here the requests are evenly spaced, each one timed from the moment it was
// due (so a late send counts against the server), and nothing is added.
import { Agent, request } from "node:http";

export type OpenLoopResult = { rate: number; p50: number; p99: number; errors: number };

/**
 * Sends GET `url` `rate` times a second for `seconds`, evenly spaced, over keep-alive connections opened as needed (a
 * request never waits for a free one: it is open loop). `headers` go with each; `client(i)` names the i-th request's
 * client (X-Forwarded-For), so that the server's per-client cap stays out of it. Latency is from the due time to
 * the last byte.
 */
export async function openLoop(
  url: string,
  {
    rate,
    seconds,
    headers = {},
    client,
  }: {
    rate: number;
    seconds: number;
    headers?: Record<string, string>;
    client: (index: number) => string;
  },
): Promise<OpenLoopResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const latencies: number[] = [];
  let errors = 0;
  const pending: Array<Promise<void>> = [];
  const total = Math.round(rate * seconds);
  const began = performance.now();
  const send = (index: number, due: number) =>
    new Promise<void>((done) => {
      const outgoing = request(url, { agent, headers: { ...headers, "x-forwarded-for": client(index) } }, (answer) => {
        answer.resume();
        answer.once("end", () => {
          if (answer.statusCode === 200) latencies.push(performance.now() - due);
          else errors++;
          done();
        });
      });
      outgoing.once("error", () => {
        errors++;
        done();
      });
      outgoing.end();
    });
  for (let index = 0; index < total; index++) {
    const due = began + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resume) => setTimeout(resume, wait));
    pending.push(send(index, due));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  return { rate: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
}
