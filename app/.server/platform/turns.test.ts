import { describe, expect, it } from "vitest";

import { turnTaker } from "./turns";

/**
 * Three requests wait for their turn; the first one's work moves the clock by `workMs` and, as it runs, schedules a
 * marker for the next turn (as the next turn's I/O would come). Returns the order in which all four ran.
 */
async function run(workMs: number, budgetMs = 5) {
  let clock = 0;
  const waitForTurn = turnTaker({ budgetMs, now: () => clock });
  const order: string[] = [];
  const marker = new Promise<void>((markerRan) => {
    void waitForTurn().then(() => {
      order.push("first");
      clock += workMs;
      setImmediate(() => {
        order.push("next turn");
        markerRan();
      });
    });
  });
  const rest = [waitForTurn().then(() => order.push("second")), waitForTurn().then(() => order.push("third"))];
  await Promise.all([marker, ...rest]);
  return order;
}

describe("waitForTurn", () => {
  it("starts every waiting request in one turn while the turn is within its budget", async () => {
    expect(await run(1)).toEqual(["first", "second", "third", "next turn"]);
  });

  it("leaves the requests after a turn's budget is spent to the next turn, in arrival order", async () => {
    expect(await run(5)).toEqual(["first", "next turn", "second", "third"]);
  });

  it("starts at least one request per turn, however long each takes", async () => {
    let clock = 0;
    const waitForTurn = turnTaker({ budgetMs: 5, now: () => clock });
    const order: string[] = [];
    let turn = 0;
    const counting = () => setImmediate(() => (turn += 1) < 10 && counting());
    counting();
    await Promise.all(
      ["a", "b", "c"].map((name) =>
        waitForTurn().then(() => {
          order.push(`${name}@${turn}`);
          clock += 50;
        }),
      ),
    );
    expect(order.map((entry) => entry[0])).toEqual(["a", "b", "c"]);
    const turns = order.map((entry) => Number(entry.slice(2)));
    expect(new Set(turns).size).toBe(3);
  });
});
