// When a page request starts (server.js, ADR 041). libuv accepts one new connection per turn of the event loop, and
// with the embedded database a request renders within the turn that starts it: a turn that started every request read
// in it lasted (requests × page time), 100–200 ms for 20 list pages, and a new connection waited one such turn per
// connection ahead of it. So a turn starts requests in arrival order until it has spent TURN_BUDGET_MS, and the rest
// wait for the next turn, after that turn's new connections and reads. A turn always starts at least one.

/** How long one turn of the event loop may spend starting requests before it lets the loop go round. */
const TURN_BUDGET_MS = 5;

/**
 * A `waitForTurn` with its own clock (tests drive it). Each call resolves in a later turn's check phase: first come,
 * first served. Node runs a resolved request's microtasks before the next immediate, so the clock read by the next
 * waiter includes the work of the requests started before it in this turn.
 */
export function turnTaker({ budgetMs, now }: { budgetMs: number; now: () => number }) {
  /** When this turn's first request started; undefined between turns. */
  let turnStarted: number | undefined;

  function whenItsTurn(resolve: () => void) {
    if (turnStarted === undefined) {
      turnStarted = now();
      // Scheduled now, it runs first in the next turn's check phase: ahead of the waiters put off below.
      setImmediate(() => (turnStarted = undefined));
    } else if (now() - turnStarted >= budgetMs) {
      setImmediate(whenItsTurn, resolve);
      return;
    }
    resolve();
  }

  return () => new Promise<void>((resolve) => setImmediate(whenItsTurn, resolve));
}

/** Resolves when the request may start: in arrival order, at most TURN_BUDGET_MS of starting per turn. */
export const waitForTurn = turnTaker({ budgetMs: TURN_BUDGET_MS, now: () => performance.now() });
