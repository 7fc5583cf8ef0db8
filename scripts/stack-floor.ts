// The stack's floor for a page (ADR 044): a React Router app with nothing of ours in it, no database, session,
// translations or security middleware, that renders the same body as one of our pages. It is made from the page's
// HTML: the markup up to <main> becomes a layout route, <main> its child route, each as static JSX, with our internal
// links as React Router <Link>s and our forms as <Form>s. Its build uses this project's node_modules and its server
// React Router's own request listener over node:http, with the heap flags `npm run serve` gives ours. Its loaders
// return the data our page sent for hydration, read back from the page. The difference between the two is then most
// of what our app adds (the floor maps and formats no data: its markup is fixed). `bench:http` loads it beside ours.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

/** Elements that have no closing tag. */
const VOID_ELEMENTS = new Set(["area", "br", "col", "hr", "img", "input", "link", "meta", "source", "wbr"]);
/** Attributes React writes under another name than its prop's. Others with a dash (`stroke-width`,
 * `accept-charset`) are camel-cased; `data-*` and `aria-*` are kept. */
const PROP_NAMES: Record<string, string> = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  checked: "defaultChecked",
};
/** React's boolean props, written as `name=""` when true. */
const BOOLEAN_PROPS = new Set([
  "allowFullScreen",
  "async",
  "autoPlay",
  "controls",
  "default",
  "defaultChecked",
  "defer",
  "disabled",
  "formNoValidate",
  "hidden",
  "loop",
  "multiple",
  "noModule",
  "noValidate",
  "open",
  "playsInline",
  "readOnly",
  "required",
  "reversed",
]);
/** Form fields whose `value` React writes from `defaultValue` (a fixed `value` would need an onChange). */
const FIELDS = new Set(["input", "select", "textarea"]);
/** The build's time limit; it takes about 2 s on a two-core machine. */
const BUILD_TIMEOUT_MS = 120_000;
/** One token of markup: a comment, a closing tag, an opening tag, or text. Sticky: markup it cannot read stops it. */
const TOKEN =
  /<!--[\s\S]*?-->|<\/([a-zA-Z][\w-]*)>|<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>|([^<]+)/y;

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

/** The body of a page as we compare it: from <body> to its first script (or its end), without the CSP nonces. */
export function pageBody(html: string): string {
  const start = html.indexOf("<body");
  if (start < 0) throw new Error("the page has no <body>");
  const script = html.indexOf("<script", start);
  const end = script >= 0 ? script : html.indexOf("</body>", start);
  return html.slice(start, end >= 0 ? end : html.length).replace(/ nonce="[^"]*"/g, "");
}

/** The body's markup (up to its first script) as JSX: the children of <body> in a fragment. Comments are dropped (React
 * writes its own). Throws on markup it does not know how to write back. */
export function bodyToJsx(html: string): string {
  const body = pageBody(html).replace(/^<body[^>]*>/, "");
  const open: Array<{ tag: string; name: string }> = [];
  let jsx = "";
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < body.length) {
    const at = TOKEN.lastIndex;
    const token = TOKEN.exec(body);
    if (!token) throw new Error(`markup not understood at ${at}: ${body.slice(at, at + 40)}`);
    const [whole, closing, tag, attributes = "", selfClosing, text] = token;
    if (whole.startsWith("<!--")) continue;
    if (closing) {
      const element = open.pop();
      if (!element) throw new Error(`</${closing}> closes nothing`);
      if (element.tag !== closing) throw new Error(`</${closing}> closes <${element.tag}>`);
      jsx += `</${element.name}>`;
    } else if (tag) {
      const pairs = [...attributes.matchAll(/([^\s=>/]+)(?:="([^"]*)")?/g)].map(([, key, value = ""]) => ({
        key: key!,
        value: decodeEntities(value),
      }));
      const href = pairs.find(({ key }) => key === "href")?.value;
      const asLink = tag === "a" && href?.startsWith("/");
      const props: string[] = [];
      for (const { key, value } of pairs) {
        if (key === "selected") throw new Error("<option selected> is not written back");
        const prop =
          key === "value" && FIELDS.has(tag)
            ? "defaultValue"
            : (PROP_NAMES[key] ??
              (/^(data|aria)-/.test(key)
                ? key
                : key.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())));
        if ((asLink || tag === "form") && key === "data-discover") continue; // <Link> and <Form> write it
        if (asLink && key === "href") props.push(`to={${JSON.stringify(value)}}`);
        else if (key === "style") {
          const style = Object.fromEntries(
            value
              .split(";")
              .filter(Boolean)
              .map((declaration) => {
                const colon = declaration.indexOf(":");
                if (colon < 0) throw new Error(`a style declaration without a colon: ${declaration}`);
                return [declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim()];
              }),
          );
          props.push(`style={${JSON.stringify(style)}}`);
        } else if (BOOLEAN_PROPS.has(prop)) props.push(prop);
        else props.push(`${prop}={${JSON.stringify(value)}}`);
      }
      const name = asLink ? "Link" : tag === "form" ? "Form" : tag;
      const start = `<${[name, ...props].join(" ")}`;
      if (selfClosing || VOID_ELEMENTS.has(tag)) jsx += `${start} />`;
      else {
        jsx += `${start}>`;
        open.push({ tag, name });
      }
    } else if (text) jsx += `{${JSON.stringify(decodeEntities(text))}}`;
  }
  // Our pages close every element of the body before its first script.
  if (open.length) throw new Error(`unclosed elements: ${open.map(({ tag }) => tag).join(", ")}`);
  return `<>${jsx}</>`;
}

/** The body split at <main>: the shell around it (with an <Outlet /> in its place) and <main> itself. */
export function splitAtMain(jsx: string): { shell: string; main: string } {
  const start = jsx.search(/<main[\s>]/);
  if (start < 0) throw new Error("the page has no <main>");
  let depth = 0;
  for (const tag of jsx.slice(start).matchAll(/<(\/?)main\b/g)) {
    depth += tag[1] ? -1 : 1;
    if (depth === 0) {
      const end = start + tag.index + "</main>".length;
      return { shell: `${jsx.slice(0, start)}<Outlet />${jsx.slice(end)}`, main: jsx.slice(start, end) };
    }
  }
  throw new Error("<main> is not closed");
}

const FILES = {
  "package.json": JSON.stringify({ name: "stack-floor", private: true, type: "module" }),
  "react-router.config.ts": `export default { ssr: true, routeDiscovery: { mode: "initial" } };\n`,
  // As our build: dependencies bundled, production code only, plain ASCII without comments (ADR 033).
  "vite.config.ts": `import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
export default defineConfig({
  plugins: [reactRouter()],
  ssr: { noExternal: true },
  environments: {
    ssr: {
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      build: {
        rolldownOptions: { output: { charset: "ascii", comments: { legal: true, annotation: false, jsdoc: false } } },
      },
    },
  },
});
`,
  "app/routes.ts": `import { layout, route } from "@react-router/dev/routes";
export default [
  layout("routes/manager/layout.tsx", [route("manager/repositories", "routes/manager/repositories/index.tsx")]),
];
`,
  "app/root.tsx": `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
export async function loader() {
  return LOADER_DATA;
}
export const meta = () => [{ title: "Repositories | Groundwork" }];
export const links = () => [
  STYLESHEET
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];
export default function App() {
  return (
    <html lang="en" dir="ltr" className="system" style={{ "--font-scale": "1" }}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        <Outlet />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
`,
  // React Router's template, with the stream timer cleared once the body is written (as ours, ADR 008).
  "app/entry.server.tsx": `import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter } from "react-router";
export { createRequestListener } from "@react-router/node";
export const streamTimeout = 5000;
export default function handleRequest(request, status, headers, context) {
  return new Promise((resolve, reject) => {
    let timer;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={context} url={request.url} />, {
      onShellReady() {
        const body = new PassThrough({ final(callback) { clearTimeout(timer); callback(); } });
        headers.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
        pipe(body);
      },
      onShellError: reject,
      onError(error) { status = 500; console.error(error); },
    });
    timer = setTimeout(abort, streamTimeout + 1000);
  });
}
`,
  "server.mjs": `import { createServer } from "node:http";
const build = await import("./build/server/index.js");
const listener = build.entry.module.createRequestListener({ build, mode: "production" });
createServer(listener).listen(Number(process.env.PORT), "127.0.0.1");
`,
};

/** The loader data a page sent for hydration: React Router's stream, as the page's one enqueued chunk. */
export function pageStream(html: string): string {
  const chunks = [...html.matchAll(/streamController\.enqueue\((".*?")\);<\/script>/g)];
  if (chunks.length !== 1) throw new Error(`expected one chunk of loader data, found ${chunks.length}`);
  return JSON.parse(chunks[0]![1]!) as string;
}

/**
 * The stream's values (React Router's flat encoding: an array of values, objects keyed by the index of their key)
 * as JavaScript source: objects, arrays, strings, numbers, booleans, null, undefined and dates. Throws on anything
 * else, so that a page with other data is not measured with the wrong data.
 */
export function streamToSource(stream: string): { loaderData: Record<string, string> } {
  if (stream.trimEnd().includes("\n")) throw new Error("the loader data streams more than one line");
  const values = JSON.parse(stream) as unknown[];
  const source = (index: number): string => {
    if (index === -7) return "undefined";
    if (index === -5) return "null";
    if (index < 0) throw new Error(`unknown special value ${index}`);
    const value = values[index];
    if (Array.isArray(value)) {
      if (value[0] === "D" && value.length === 2) return `new Date(${Number(value[1])})`;
      if (value.every((item) => typeof item === "number")) return `[${value.map((item) => source(item)).join(", ")}]`;
      throw new Error(`unknown encoded value ${JSON.stringify(value).slice(0, 40)}`);
    }
    if (value && typeof value === "object") {
      const entries = Object.entries(value as Record<string, number>).map(([key, item]) => {
        if (!/^_\d+$/.test(key)) throw new Error(`unknown key ${key}`);
        return `${JSON.stringify(values[Number(key.slice(1))])}: ${source(item)}`;
      });
      return `{ ${entries.join(", ")} }`;
    }
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) return JSON.stringify(value);
    throw new Error(`unknown value ${String(value)}`);
  };
  // The top level is { loaderData: { routeId: data }, actionData, errors }.
  const top = values[0] as Record<string, number>;
  const keyOf = (name: string) => Object.entries(top).find(([key]) => values[Number(key.slice(1))] === name)?.[1];
  const loaderIndex = keyOf("loaderData");
  if (loaderIndex === undefined) throw new Error("the stream has no loader data");
  const routes = values[loaderIndex] as Record<string, number>;
  return {
    loaderData: Object.fromEntries(
      Object.entries(routes).map(([key, item]) => [values[Number(key.slice(1))] as string, source(item)]),
    ),
  };
}

/** The floor app's files for `pageHtml` (a signed-in list page of ours), by path. */
export function floorFiles(pageHtml: string): Record<string, string> {
  const { shell, main } = splitAtMain(bodyToJsx(pageHtml));
  // Our three routes (root, the area's layout, the list), in order, become the floor's three, with the same ids.
  const data = Object.values(streamToSource(pageStream(pageHtml)).loaderData);
  if (data.length !== 3) throw new Error(`expected the loader data of three routes, found ${data.length}`);
  const [rootData, layoutData, listData] = data;
  const stylesheet = pageHtml.match(/<link[^>]* rel="stylesheet" href="([^"]+)"/)?.[1];
  if (!stylesheet) throw new Error("the page links no stylesheet");
  return {
    ...FILES,
    "app/root.tsx": FILES["app/root.tsx"]
      .replace("LOADER_DATA", rootData!)
      .replace("STYLESHEET", `{ rel: "stylesheet", href: ${JSON.stringify(stylesheet)} },`),
    "app/routes/manager/layout.tsx": `import { Form, Link, Outlet } from "react-router";
export async function loader() {
  return ${layoutData};
}
export default function Layout() {
  return (${shell});
}
`,
    "app/routes/manager/repositories/index.tsx": `import { Form, Link } from "react-router";
export async function loader() {
  return ${listData};
}
export default function List() {
  return (${main});
}
`,
  };
}

/** Writes and builds the floor app for `pageHtml` in a temporary directory, removed again if anything fails. */
export async function buildStackFloor(pageHtml: string): Promise<{ dir: string; remove: () => void }> {
  const files = floorFiles(pageHtml);
  const dir = mkdtempSync(join(tmpdir(), "groundwork-stack-floor-"));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    symlinkSync(resolve("node_modules"), join(dir, "node_modules"));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    const builder = spawn(process.execPath, [resolve("node_modules/@react-router/dev/bin.cjs"), "build"], {
      cwd: dir,
      stdio: ["ignore", "ignore", "inherit"],
      timeout: BUILD_TIMEOUT_MS,
    });
    const [code] = (await once(builder, "exit")) as [number | null];
    if (code !== 0) throw new Error(`building the stack floor failed (exit ${code}, at most ${BUILD_TIMEOUT_MS} ms)`);
    return { dir, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Starts the floor's server on `port` with `nodeFlags`; its errors go to this process's stderr. */
export function startStackFloor(dir: string, port: number, nodeFlags: string[]): ChildProcess {
  return spawn(process.execPath, [...nodeFlags, "server.mjs"], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
}
