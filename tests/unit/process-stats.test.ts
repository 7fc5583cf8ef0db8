import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";

import { cpuMs, cpuMsOfStat, rssMb } from "../support/process-stats";

/** What the burner says of itself once it has burnt its CPU: ms of CPU, all its threads and its main thread. */
type SelfReport = { all: number; main: number };

/**
 * A node process that burns 300 ms of CPU on a worker thread, then 300 ms on its main thread (CPU time, counted by
 * the process itself: the test does not depend on how fast the machine is), prints what it counted, and exits when
 * its stdin closes.
 */
const BURNER = `
  const { Worker } = require("node:worker_threads");
  const spin = (ms) => {
    const start = process.threadCpuUsage();
    const spent = () => process.threadCpuUsage(start);
    while ((spent().user + spent().system) / 1000 < ms);
  };
  const worker = new Worker(
    "(" + spin + ")(300); require('node:worker_threads').parentPort.postMessage('done')",
    { eval: true },
  );
  worker.once("message", () => {
    spin(300);
    const all = process.cpuUsage();
    const main = process.threadCpuUsage();
    console.log(JSON.stringify({ all: (all.user + all.system) / 1000, main: (main.user + main.system) / 1000 }));
  });
  process.stdin.on("end", () => process.exit(0)).resume();`;

/** Its first line, or a rejection if it ends before writing one. */
async function firstLine(child: ReturnType<typeof spawn>): Promise<string> {
  const ended = once(child, "exit").then(([code]) => {
    throw new Error(`the burner ended (${String(code)}) before it reported`);
  });
  const [chunk] = (await Promise.race([once(child.stdout!, "data"), ended])) as [Buffer];
  return chunk.toString();
}

describe("process stats from /proc", () => {
  it("reads fields 14 and 15 of a stat line, after a command name holding spaces and parentheses", () => {
    const stat = "4242 (a) b) c d) S 1 4242 4242 0 -1 4194560 2722 0 0 0 1234 567 8 9 20 0 13 0 999 1 2\n";
    // (1234 + 567) ticks of 10 ms.
    expect(cpuMsOfStat(stat)).toBe(18_010);
  });

  it("reads a live process's CPU time, all its threads and its main thread alone", async () => {
    const child = spawn(process.execPath, ["-e", BURNER], { stdio: ["pipe", "pipe", "inherit"] });
    try {
      const self = JSON.parse(await firstLine(child)) as SelfReport;
      const all = cpuMs(child.pid!);
      const main = cpuMs(child.pid!, { mainThread: true });
      // Linux rounds user and system time down to ticks of 10 ms each, so a reading may be up to 20 ms short of what
      // the process counted; it may also have spent a little more since (the event loop, a collection).
      expect(main).toBeGreaterThanOrEqual(self.main - 20);
      expect(main).toBeLessThanOrEqual(self.main + 100);
      expect(all).toBeGreaterThanOrEqual(self.all - 20);
      expect(all).toBeLessThanOrEqual(self.all + 100);
      // The worker's 300 ms count for the process and not for its main thread.
      expect(all - main).toBeGreaterThanOrEqual(260);
      expect(rssMb(child.pid!)).toBeGreaterThan(10);
      expect(rssMb(child.pid!, { anonymous: true })).toBeGreaterThan(1);
      expect(rssMb(child.pid!, { anonymous: true })).toBeLessThan(rssMb(child.pid!));
    } finally {
      child.stdin!.end();
      if (child.exitCode === null && child.signalCode === null) await once(child, "exit");
    }
  });

  it("answers NaN and 0 for a process that has ended", async () => {
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    await once(child, "exit");
    expect(cpuMs(child.pid!)).toBeNaN();
    expect(cpuMs(child.pid!, { mainThread: true })).toBeNaN();
    expect(rssMb(child.pid!)).toBe(0);
  });
});
