// The interface's icons as the server writes them (ADR 030): lucide's shapes inside one 24-unit stroked <svg>, hidden
// from assistive technology unless labelled, with the attributes given passed through.
import { Plus as PlusShapes } from "lucide";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { iconMarkup, Plus } from "./icons";

describe("icons", () => {
  it("write each shape of an icon as an SVG element, its attribute values escaped", () => {
    expect(
      iconMarkup([
        ["path", { d: "M5 12h14" }],
        ["circle", { cx: "12", cy: "12", r: "10" }],
        ["text", { "data-x": `a"<b>&` }],
      ]),
    ).toBe(
      '<path d="M5 12h14"></path><circle cx="12" cy="12" r="10"></circle><text data-x="a&#34;&#60;b&#62;&#38;"></text>',
    );
  });

  it("render as one hidden <svg> with lucide's shapes and the class given", () => {
    const html = renderToStaticMarkup(<Plus className="size-4" />);
    expect(html).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="size-4">${iconMarkup(PlusShapes)}</svg>`,
    );
    expect(iconMarkup(PlusShapes)).toMatch(/^(<path d="[^"]+"><\/path>){2}$/);
  });

  it("are read out when they are labelled", () => {
    const html = renderToStaticMarkup(<Plus aria-label="Add" role="img" />);
    expect(html).toContain('aria-label="Add"');
    expect(html).not.toContain("aria-hidden");
  });
});
