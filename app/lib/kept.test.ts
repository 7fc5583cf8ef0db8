import { describe, expect, it } from "vitest";

import { kept } from "./kept";

describe("kept", () => {
  it("makes a value once per key, and starts afresh past its bound", () => {
    const map = new Map<string, { key: string }>();
    let made = 0;
    const make = (key: string) => () => ({ key, serial: ++made });
    const first = kept(map, "a", make("a"), 3);
    expect(kept(map, "a", make("a"), 3)).toBe(first);
    kept(map, "b", make("b"), 3);
    kept(map, "c", make("c"), 3);
    expect(made).toBe(3);
    kept(map, "d", make("d"), 3); // the fourth key: the map is emptied first
    expect([...map.keys()]).toEqual(["d"]);
    expect(kept(map, "a", make("a"), 3)).not.toBe(first);
    expect(made).toBe(5);
  });
});
