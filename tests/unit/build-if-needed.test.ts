import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { buildIfNeeded, buildOutputSummary, hashInputs, STAMP } from "../../scripts/build-if-needed.mjs";

let root: string;
let builds: number;
let lines: string[];

async function put(path: string, content: string) {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), content);
}

/** A stand-in for `npm run build`: writes what the server needs, as the real build does. */
async function fakeBuild() {
  builds += 1;
  await put("build/server/index.js", `// build ${builds}`);
  await put("build/http/main.js", `// build ${builds}`);
  await mkdir(join(root, "build/client"), { recursive: true });
}

const failing = () => Promise.reject(new Error("npm run build failed (exit code 1)"));

const start = () => buildIfNeeded({ root, build: fakeBuild, log: (line: string) => lines.push(line) });

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "build-if-needed-"));
  builds = 0;
  lines = [];
  await put("app/root.tsx", "export default 1;");
  await put("app/routes/home.tsx", "export default 2;");
  await put("public/robots.txt", "User-agent: *");
  await put("package.json", "{}");
  await put("package-lock.json", "{}");
  await put("vite.config.ts", "export default {};");
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("build-if-needed", () => {
  it("builds the first time, then reuses the build while nothing changed, saying so in one line", async () => {
    expect(await start()).toBe("built");
    expect(await start()).toBe("reused");
    expect(await start()).toBe("reused");
    expect(builds).toBe(1);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/reusing build\//);
  });

  it("builds again when a source, a static file, the lockfile or a build setting changes", async () => {
    await start();
    for (const [path, content] of [
      ["app/routes/home.tsx", "export default 3;"],
      ["server/main.ts", "export {};"],
      ["public/robots.txt", "User-agent: *\nDisallow: /"],
      ["package-lock.json", '{"lockfileVersion":3}'],
      ["vite.config.ts", "export default { base: '/x/' };"],
      ["react-router.config.ts", "export default { ssr: true };"],
    ]) {
      await put(path!, content!);
      expect(await start(), path).toBe("built");
      expect(await start(), path).toBe("reused");
    }
    expect(builds).toBe(7);
  });

  it("builds again when a file is added, removed or renamed", async () => {
    await start();
    await put("app/lib/new.ts", "export {};");
    expect(await start()).toBe("built");
    await rm(join(root, "app/lib/new.ts"));
    expect(await start()).toBe("built");
    await rm(join(root, "app/routes/home.tsx"));
    await put("app/routes/index.tsx", "export default 2;");
    expect(await start()).toBe("built");
    expect(builds).toBe(4);
  });

  it("builds again when the build is missing or incomplete, or its stamp is gone", async () => {
    await start();
    await rm(join(root, "build/server/index.js"));
    expect(await start()).toBe("built");
    await rm(join(root, "build/client"), { recursive: true });
    expect(await start()).toBe("built");
    await rm(join(root, "build", STAMP));
    expect(await start()).toBe("built");
    await rm(join(root, "build"), { recursive: true });
    expect(await start()).toBe("built");
    expect(builds).toBe(5);
  });

  it("never reuses a build that failed: the stamp is removed first and written only on success", async () => {
    await start();
    await put("app/root.tsx", "export default 'broken';");
    await expect(buildIfNeeded({ root, build: failing, log: () => {} })).rejects.toThrow("exit code 1");
    expect(existsSync(join(root, "build", STAMP))).toBe(false);
    expect(await start()).toBe("built");
  });

  it("keeps the hash of the inputs beside the build; the build itself is not an input", async () => {
    await start();
    const stamp = (await readFile(join(root, "build", STAMP), "utf8")).trim();
    expect(stamp).toBe(await hashInputs(root));
    await put("build/client/assets/extra.js", "1");
    expect(await start()).toBe("reused");
  });
});

describe("the build's output under npm start", () => {
  it("folds Vite's table of written files into one line per folder and keeps every other line", () => {
    const printed: string[] = [];
    const summary = buildOutputSummary((line) => printed.push(line));
    for (const line of [
      "vite v8.3.8 building client environment for production...",
      "build/client/.vite/manifest.json                       34.95 kB │ gzip:  3.44 kB",
      "build/client/assets/root-DbjcCEtQ.css                  60.42 kB │ gzip: 10.04 kB",
      "build/client/assets/entry.client-B3.js                 1,190.00 kB │ gzip: 300.00 kB",
      "✓ built in 6.25s",
      "(!) Some chunks are larger than 500 kB after minification.",
      "build/server/index.js                                         2,065.08 kB │ gzip: 429.67 kB",
    ])
      summary.line(line);
    summary.end();
    expect(printed).toEqual([
      "vite v8.3.8 building client environment for production...",
      "build/client: 3 files, 1285.4 kB (gzip 313.5 kB)",
      "✓ built in 6.25s",
      "(!) Some chunks are larger than 500 kB after minification.",
      "build/server: 1 files, 2065.1 kB (gzip 429.7 kB)",
    ]);
  });
});
