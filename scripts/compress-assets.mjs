// Runs after `react-router build` (the `build` npm script): writes a brotli (.br, quality 11) and a gzip (.gz, level 9)
// copy beside every compressible file of build/client, so that the server compresses nothing while it answers
// (ADR 002). Files under MIN_BYTES are left alone: their compressed copy saves less than a network packet.
// A copy that would not be smaller is not written; the server then serves the original.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { extname, join, relative } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const MIN_BYTES = 1024;
const COMPRESSIBLE = new Set([
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".txt",
  ".json",
  ".webmanifest",
  ".html",
  ".xml",
  ".ico",
  ".map",
]);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const root = join(process.cwd(), "build", "client");

async function compress(file) {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]:
          extname(file) === ".ico" ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: 9 }),
  ]);
  const written = { br: 0, gz: 0 };
  if (br.length < source.length) {
    await writeFile(`${file}.br`, br);
    written.br = br.length;
  }
  if (gz.length < source.length) {
    await writeFile(`${file}.gz`, gz);
    written.gz = gz.length;
  }
  return { size: source.length, ...written };
}

const entries = await readdir(root, { recursive: true, withFileTypes: true });
const files = [];
for (const entry of entries) {
  if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name))) continue;
  const file = join(entry.parentPath, entry.name);
  if ((await stat(file)).size >= MIN_BYTES) files.push(file);
}
const results = await Promise.all(files.map(compress));

const sum = (pick) => results.reduce((total, result) => total + pick(result), 0);
const original = sum((r) => r.size);
const brBytes = sum((r) => r.br || r.size);
const gzBytes = sum((r) => r.gz || r.size);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(
  `compress-assets: ${results.length} files of ${relative(process.cwd(), root)} (${kb(original)}): ` +
    `brotli ${kb(brBytes)} (saves ${kb(original - brBytes)}), gzip ${kb(gzBytes)} (saves ${kb(original - gzBytes)})`,
);
