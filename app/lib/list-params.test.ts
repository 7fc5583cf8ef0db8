import { describe, expect, it } from "vitest";

import { readListParams } from "./list-params";

const read = (search: string) => readListParams(new URL(`http://app.test/app/repositories${search}`));

describe("readListParams", () => {
  it("reads the search and the cursor as typed", () => {
    expect(read("")).toEqual({ searchTerm: "", cursor: null });
    expect(read("?searchTerm=kestrel%20api&cursor=abc")).toEqual({ searchTerm: "kestrel api", cursor: "abc" });
    expect(read("?searchTerm=%C3%A9cole")).toEqual({ searchTerm: "école", cursor: null });
  });

  it("drops control characters from the search, a tab or a line break reading as a space", () => {
    expect(read("?searchTerm=%00abc").searchTerm).toBe("abc");
    expect(read("?searchTerm=a%00").searchTerm).toBe("a");
    expect(read("?searchTerm=ab%01c%1F%7F").searchTerm).toBe("abc");
    expect(read("?searchTerm=ab%C2%80%C2%9Fc").searchTerm).toBe("abc");
    expect(read("?searchTerm=kestrel%09api%0Anotes%0D%0A").searchTerm).toBe("kestrel api notes  ");
    expect(read("?searchTerm=%00%00%00").searchTerm).toBe("");
  });

  it("drops control characters from the cursor, and an empty cursor is the first page", () => {
    expect(read("?cursor=YWJj%00").cursor).toBe("YWJj");
    expect(read("?cursor=%00%01").cursor).toBeNull();
    expect(read("?cursor=").cursor).toBeNull();
  });

  it.each(["%FF", "%C0%80", "%ED%A0%80", "%E2%80", "%", "%%41", "%zz"])(
    "reads the broken escape %s without throwing",
    (escape) => {
      const params = read(`?searchTerm=ab${escape}c&cursor=${escape}`);
      expect(params.searchTerm).toMatch(/^ab.*c$/u);
      expect(params.searchTerm).not.toMatch(/[\p{Cc}\p{Cs}]/u);
      expect(params.cursor === null || !/[\p{Cc}\p{Cs}]/u.test(params.cursor)).toBe(true);
    },
  );

  it("falls back to the first page and no search for values too long to be typed", () => {
    expect(read(`?searchTerm=${"a".repeat(201)}&cursor=${"b".repeat(1001)}`)).toEqual({ searchTerm: "", cursor: null });
    expect(read(`?searchTerm=${"a".repeat(200)}`).searchTerm).toHaveLength(200);
    expect(read(`?searchTerm=${"%00".repeat(100_000)}`)).toEqual({ searchTerm: "", cursor: null });
  });

  it("reads the first value when a parameter is repeated", () => {
    expect(read("?searchTerm=a&searchTerm=b")).toEqual({ searchTerm: "a", cursor: null });
  });
});
