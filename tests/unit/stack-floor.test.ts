import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, UNSAFE_decodeViaTurboStream as decodeViaTurboStream, Form, Link } from "react-router";
import * as jsxRuntime from "react/jsx-runtime";
import { transformWithOxc } from "vite";
import { describe, expect, it } from "vitest";

import { bodyToJsx, floorFiles, pageBody, pageStream, splitAtMain, streamToSource } from "../../scripts/stack-floor";

// A page as React and React Router write it (attribute order, camel-cased names), with what ours hold that the
// conversion must write back: internal and external links, a form, a field with a value, boolean attributes, an inline
// style whose value holds a colon, SVG attributes, entities (one escaped twice), React's text separators.
const PAGE = `<!DOCTYPE html><html lang="en"><head><title>t</title></head><body class="min-h-dvh"><div style="--font-scale:1;background:url(http://example.com/a.png)"><a href="#main" class="sr-only">Skip</a><header><a class="logo" href="/manager" data-discover="true"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 5h16" stroke-width="2" stroke-linecap="round"></path></svg><span>Groundwork</span></a><details open=""><summary>Menu</summary><form data-discover="true" action="/logout" method="post"><input type="hidden" name="intent" value="sign-out"/><button type="submit" value="dark" name="theme">Dark</button></form></details></header><main id="main" nonce="abc"><label for="q">Search &amp; find &amp;lt;all&amp;gt;</label><input id="q" required="" maxLength="100" autoComplete="off" name="q" value="a &lt;b&gt; &#x27;c&#x27;"/><hr/><p>Hello, <!-- -->Admin<!-- -->!</p><table><tbody><tr role="row" tabindex="-1"><td><a href="https://example.com/x?a=1&amp;b=2">x</a></td></tr></tbody></table></main></div><script>window.x = 1</script></body></html>`;

/** The one module the compiled JSX requires. */
function requireRuntime(name: string) {
  if (name !== "react/jsx-runtime") throw new Error(name);
  return jsxRuntime;
}

/** Compiles the JSX and renders it as the floor's server does: with React Router's <Link> and <Form>, in a route. */
async function render(jsx: string): Promise<string> {
  const { code } = await transformWithOxc(`module.exports = ${jsx};`, "page.tsx", { jsx: { runtime: "automatic" } });
  const module = { exports: undefined as unknown };
  new Function("require", "module", "Link", "Form", "Outlet", code)(requireRuntime, module, Link, Form, () => null);
  const Stub = createRoutesStub([{ path: "/", Component: () => module.exports as ReactNode }]);
  return renderToString(createElement(Stub));
}

describe("the stack floor's page", () => {
  it("takes the body up to its first script, without nonces", () => {
    const body = pageBody(PAGE);
    expect(body.startsWith('<body class="min-h-dvh"><div')).toBe(true);
    expect(body.endsWith("</main></div>")).toBe(true);
    expect(body).not.toContain("nonce");
  });

  it("writes the body back as JSX that renders the same markup", async () => {
    const jsx = bodyToJsx(PAGE);
    expect(jsx).toContain('<Link className={"logo"} to={"/manager"}>');
    expect(jsx).toContain('<a href={"#main"}');
    expect(jsx).toContain('<Form action={"/logout"} method={"post"}>');
    expect(await render(jsx)).toBe(pageBody(PAGE).replace(/^<body[^>]*>/, ""));
  });

  it("splits the body at <main>, the shell keeping an outlet in its place", async () => {
    const { shell, main } = splitAtMain(bodyToJsx(PAGE));
    expect(main.startsWith("<main ")).toBe(true);
    expect(main.endsWith("</main>")).toBe(true);
    expect(shell).toContain("<Outlet />");
    expect(shell).not.toContain("<main");
    const markup = await render(main);
    expect(markup.startsWith('<main id="main">')).toBe(true);
    expect(markup).toContain("Hello, <!-- -->Admin<!-- -->!");
    expect(splitAtMain(bodyToJsx("<body><div><main><p>x</p></main></div>")).main).toBe('<main><p>{"x"}</p></main>');
  });

  it("refuses markup it cannot write back", () => {
    expect(() => bodyToJsx("<body><div><p>open")).toThrow(/unclosed/);
    expect(() => bodyToJsx("<body></div>")).toThrow(/closes nothing/);
    expect(() => bodyToJsx("<body><div><p>y</div></p>")).toThrow(/<\/div> closes <p>/);
    expect(() => bodyToJsx("<body><p>a < b</p>")).toThrow(/not understood/);
    expect(() => bodyToJsx('<body><p style="color">x</p>')).toThrow(/without a colon/);
    expect(() => bodyToJsx('<body><select><option value="a" selected="">a</option></select>')).toThrow(/selected/);
    expect(() => splitAtMain(bodyToJsx("<body><div></div>"))).toThrow(/no <main>/);
  });

  it("reads the page's loader data back as JavaScript", async () => {
    const stream = JSON.stringify([
      { _1: 2, _3: -5, _4: -5 },
      "loaderData",
      { _5: 6 },
      "actionData",
      "errors",
      "root",
      { _7: 8, _9: -7, _10: 11, _12: -5, _13: 14 },
      "name",
      "x",
      "gone",
      "when",
      ["D", 1000],
      "none",
      "list",
      [8, 8],
    ]);
    const html = `<script>c.streamController.enqueue(${JSON.stringify(`${stream}\n`)});</script>`;
    expect(pageStream(html)).toBe(`${stream}\n`);
    const { loaderData } = streamToSource(pageStream(html));
    expect(loaderData).toEqual({
      root: '{ "name": "x", "gone": undefined, "when": new Date(1000), "none": null, "list": ["x", "x"] }',
    });
    // The same values as React Router's own decoder reads from the stream.
    const decoded = await decodeViaTurboStream(new Response(`${stream}\n`).body!, globalThis);
    expect(new Function(`return ${loaderData.root};`)()).toStrictEqual(
      (decoded.value as { loaderData: { root: unknown } }).loaderData.root,
    );
    const promise = JSON.stringify([{ _1: 2 }, "loaderData", { _3: 4 }, "root", ["P", 1]]);
    expect(() => streamToSource(promise)).toThrow(/unknown encoded value/);
    expect(() => streamToSource(`${stream}\n[1]\n`)).toThrow(/more than one line/);
  });

  it("makes the floor's routes with our routes' ids, our stylesheet and the page's data", () => {
    const stream = JSON.stringify([
      { _1: 2, _3: -5, _4: -5 },
      "loaderData",
      { _5: 6, _7: 6, _8: 9 },
      "actionData",
      "errors",
      "root",
      { _10: 11 },
      "routes/manager/layout",
      "routes/manager/repositories/index",
      { _12: 13 },
      "locale",
      "en",
      "title",
      "Repositories",
    ]);
    const page = PAGE.replace("<title>t</title>", '<link rel="stylesheet" href="/assets/root-x.css"/>').replace(
      "<script>window.x = 1</script>",
      `<script>c.streamController.enqueue(${JSON.stringify(`${stream}\n`)});</script>`,
    );
    const files = floorFiles(page);
    expect(files["app/routes.ts"]).toContain('layout("routes/manager/layout.tsx"');
    expect(files["app/routes.ts"]).toContain('route("manager/repositories", "routes/manager/repositories/index.tsx")');
    expect(files["app/root.tsx"]).toContain('return { "locale": "en" };');
    expect(files["app/root.tsx"]).toContain('{ rel: "stylesheet", href: "/assets/root-x.css" }');
    expect(files["app/routes/manager/layout.tsx"]).toContain("<Outlet />");
    expect(files["app/routes/manager/repositories/index.tsx"]).toContain('return { "title": "Repositories" };');
    expect(files["app/routes/manager/repositories/index.tsx"]).toContain("<main ");
    expect(() => floorFiles(page.replace(/<link[^>]*>/, ""))).toThrow(/no stylesheet/);
  });
});
