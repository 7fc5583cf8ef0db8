import type { ChildProcess } from "node:child_process";

/**
 * Polls `url` every 50 ms until it answers 200, and returns the answer's body. Gives up after `timeoutMs`, or at once
 * when `child`, the server being waited for, has exited.
 */
export async function waitForOk(
  url: string,
  { timeoutMs = 60_000, child }: { timeoutMs?: number; child?: ChildProcess } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`the server for ${url} exited (${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return await response.text();
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
