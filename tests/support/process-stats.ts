// What Linux says of a process, read from /proc: for benchmarks and tests that start a server and measure it.
import { readFileSync } from "node:fs";

/**
 * Its resident memory in MB, or 0 once it has ended: all of it (VmRSS), or with `anonymous` the part no file backs
 * (RssAnon: the heaps, without the mapped code of node and its libraries).
 */
export function rssMb(pid: number, { anonymous = false } = {}): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = anonymous ? /RssAnon:\s+(\d+)/ : /VmRSS:\s+(\d+)/;
    return Number(status.match(field)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Linux counts CPU time in clock ticks of 1/100 s (USER_HZ) on every architecture Node runs on. */
const MS_PER_TICK = 10;

/**
 * The CPU time in a /proc `stat` line, user and system, in ms: fields 14 and 15, counted after the command name, which
 * may hold spaces and parentheses (it ends at the line's last ")").
 */
export function cpuMsOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

/**
 * The CPU time a process has used so far in ms, or NaN once it has ended: all its threads (V8's collector and
 * compiler threads and the log's thread included), or with `mainThread` its main thread alone, the one that runs the
 * app.
 */
export function cpuMs(pid: number, { mainThread = false } = {}): number {
  try {
    return cpuMsOfStat(readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, "utf8"));
  } catch {
    return Number.NaN;
  }
}
