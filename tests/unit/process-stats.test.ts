import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";

import { cpuMs, rssMb } from "../support/process-stats";

/** A node process that burns `mainMs` of CPU on its main thread and `workerMs` on a worker thread (CPU time, read
 * by the process itself, not wall time), says "done", then waits to be killed. Its title holds spaces and
 * parentheses, as a command name in /proc/PID/stat may. */
async function burner(mainMs: number, workerMs: number) {
  const source = `
    process.title = "burn (cpu) test";
    const { Worker } = require("node:worker_threads");
    const spin = "const s = process.threadCpuUsage(); let x = 0;" +
      "while ((process.threadCpuUsage(s).user + process.threadCpuUsage(s).system) / 1000 < MS) x++;";
    const worker = new Worker(spin.replace("MS", "${workerMs}") + "require('node:worker_threads').parentPort.postMessage(x)", { eval: true });
    worker.once("message", () => {
      eval(spin.replace("MS", "${mainMs}"));
      console.log("done");
      setInterval(() => {}, 1000);
    });`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  const [line] = (await once(child.stdout!, "data")) as [Buffer];
  expect(line.toString().trim()).toBe("done");
  return child;
}

describe("process stats from /proc", () => {
  it("reads the CPU time of every thread, and of the main thread alone", async () => {
    const child = await burner(300, 300);
    try {
      const all = cpuMs(child.pid!);
      const main = cpuMs(child.pid!, { mainThread: true });
      // Linux counts in ticks of 10 ms, so each reading may be up to a tick short of what the process spent.
      expect(main).toBeGreaterThanOrEqual(290);
      expect(all).toBeGreaterThanOrEqual(main + 280);
      expect(rssMb(child.pid!)).toBeGreaterThan(10);
    } finally {
      child.kill("SIGKILL");
      await once(child, "exit");
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
