import { colord, extend } from "colord";
import a11yPlugin from "colord/plugins/a11y";
import { describe, expect, it } from "vitest";

import { bannerColors, isBannerColor } from "./banner-colors";

extend([a11yPlugin]);

describe("bannerColors", () => {
  it.each([
    "#7c3aed",
    "#f59e0b",
    "#000",
    "#ffffff",
    "navy",
    "yellow",
    "rebeccapurple",
    "#767676",
    "#808080",
    "#7c3aed80",
  ])("gives %s a text colour that reaches 4.5:1", (color) => {
    const { background, text } = bannerColors(color);
    expect(colord(text).contrast(background)).toBeGreaterThanOrEqual(4.5);
  });

  it("writes white on the violet that black failed on (3.7:1)", () => {
    expect(bannerColors("#7c3aed")).toEqual({ background: "#7c3aed", text: "#ffffff" });
    expect(bannerColors("#f59e0b").text).toBe("#000000");
  });

  it("accepts CSS colours and refuses the rest", () => {
    expect(["#abc", "#aabbcc", "teal", "rgb(10 20 30)"].every(isBannerColor)).toBe(true);
    expect(["notacolour", "#12", "url(x)"].some(isBannerColor)).toBe(false);
  });
});
