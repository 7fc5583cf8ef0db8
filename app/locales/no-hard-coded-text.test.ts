// No hard-coded user-facing string (docs/architecture.md): JSX text and user-facing attributes come from the dictionaries.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".tsx") && !path.endsWith(".test.tsx") ? [path] : [];
  });
}

// Text that is not language: product name, punctuation, and code shown as code.
const allowed = new Set(["Groundwork", "·", "→", "←", "/", "github.com/owner/name"]);

describe("user-facing text", () => {
  for (const file of sourceFiles("app")) {
    it(`${file} has no hard-coded text`, () => {
      const source = readFileSync(file, "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/^\s*\/\/.*$/gm, "");
      // Text between a tag and a closing tag, or between a closing tag and an opening one.
      const texts = [...source.matchAll(/>([^<>{}();=]*\p{L}[^<>{}();=]*)<\/?[A-Za-z]/gu)]
        .map((match) => match[1]!.trim())
        .filter((text) => text && !allowed.has(text) && !/^[,&|:]/.test(text));
      const attributes = [...source.matchAll(/\b(?:aria-label|placeholder|title|alt)="([^"]*[\p{L}][^"]*)"/gu)]
        .map((match) => match[1]!)
        .filter((text) => !allowed.has(text));
      expect([...texts, ...attributes]).toEqual([]);
    });
  }
});
