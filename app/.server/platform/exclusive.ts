// One at a time, per key, in this process: for a check and the change it guards ("is this the last admin?", "the
// last owner?"), so that two requests cannot both pass the check. Several server processes on one database share
// no such lock (ADR 017).
const queues = new Map<string, Promise<unknown>>();

/** Runs `work` after every earlier `work` of the same key has settled; the key's queue is dropped when idle. */
export function runExclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}
