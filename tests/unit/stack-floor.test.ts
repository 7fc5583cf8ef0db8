import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as jsxRuntime from "react/jsx-runtime";
import { transformWithOxc } from "vite";
import { describe, expect, it } from "vitest";

import { bodyToJsx, pageBody, splitAtMain } from "../../scripts/stack-floor";

// As React writes it (attribute order, camel-cased names). What a page of ours holds that the conversion must write back: internal and external links, a form with a value, a
// labelled input, boolean attributes, an inline style, SVG attributes, entities, React's text separators.
const PAGE = `<!DOCTYPE html><html lang="en"><head><title>t</title></head><body class="min-h-dvh"><div style="--font-scale:1;color:red"><a href="#main" class="sr-only">Skip</a><header><a class="logo" href="/manager" data-discover="true"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 5h16" stroke-width="2" stroke-linecap="round"></path></svg><span>Groundwork</span></a><details open=""><summary>Menu</summary><form action="/logout" method="post"><input type="hidden" name="intent" value="sign-out"/><button type="submit" value="dark" name="theme">Dark</button></form></details></header><main id="main" nonce="abc"><label for="q">Search &amp; find</label><input id="q" required="" maxLength="100" autoComplete="off" name="q" value="a &lt;b&gt; &#x27;c&#x27;"/><hr/><p>Hello, <!-- -->Admin<!-- -->!</p><table><tbody><tr role="row" tabindex="-1"><td><a href="https://example.com/x?a=1&amp;b=2">x</a></td></tr></tbody></table></main></div><script>window.x = 1</script></body></html>`;

// Stand-ins that write what React Router's <Link> and <Form> write for these props.
const Link = ({ to, ...props }: { to: string; children?: ReactNode }) =>
  createElement("a", { ...props, href: to, "data-discover": "true" });
const Form = (props: { children?: ReactNode }) => createElement("form", props);

/** The one module the compiled JSX requires. */
function requireRuntime(name: string) {
  if (name !== "react/jsx-runtime") throw new Error(name);
  return jsxRuntime;
}

/** Compiles the JSX and renders it to markup, as the floor's server would (without React's text separators). */
async function render(jsx: string): Promise<string> {
  const { code } = await transformWithOxc(`module.exports = ${jsx};`, "page.tsx", { jsx: { runtime: "automatic" } });
  const module = { exports: undefined as unknown };
  new Function("require", "module", "Link", "Form", "Outlet", code)(requireRuntime, module, Link, Form, () => null);
  return renderToStaticMarkup(module.exports as ReactNode);
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
    const expected = pageBody(PAGE)
      .replace(/^<body[^>]*>/, "")
      .replace(/<!--.*?-->/g, "");
    expect(await render(jsx)).toBe(expected);
  });

  it("splits the body at <main>, the shell keeping an outlet in its place", async () => {
    const { shell, main } = splitAtMain(bodyToJsx(PAGE));
    expect(main.startsWith("<main ")).toBe(true);
    expect(main.endsWith("</main>")).toBe(true);
    expect(shell).toContain("<Outlet />");
    expect(shell).not.toContain("<main");
    const markup = await render(main);
    expect(markup.startsWith('<main id="main">')).toBe(true);
    expect(markup).toContain("Hello, Admin!");
  });

  it("refuses markup it cannot write back", () => {
    expect(() => bodyToJsx("<body><div><p>open")).toThrow(/unclosed/);
    expect(() => bodyToJsx("<body></div>")).toThrow(/closes nothing/);
    expect(() => splitAtMain(bodyToJsx("<body><div></div>"))).toThrow(/no <main>/);
  });
});
