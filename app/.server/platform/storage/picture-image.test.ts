import sharp from "sharp";
import { describe, expect, it } from "vitest";

import {
  htmlNamedJpg,
  jpegWithGps,
  pngBomb,
  sixMegabytes,
  smallPng,
  svgWithScript,
  truncatedJpeg,
} from "../../../../tests/support/pictures";
import { PICTURE_MAX_SIDE, reencodePicture, sniffPictureFormat } from "./picture-image";

const FIVE_MB = 5 * 1024 * 1024;

describe("reencodePicture", () => {
  it("gives a WebP within PICTURE_MAX_SIDE without the photo's EXIF (GPS included)", async () => {
    const photo = await jpegWithGps(1600, 1200);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const result = await reencodePicture(photo, FIVE_MB);
    if (!result.ok) throw new Error(result.reason);
    const metadata = await sharp(result.bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: PICTURE_MAX_SIDE, height: 384 });
    expect(metadata.exif).toBeUndefined();
    expect(Buffer.from(result.bytes).includes("GPS-TEST")).toBe(false);
  });

  it("keeps a small PNG's size and transparency", async () => {
    const result = await reencodePicture(await smallPng(), FIVE_MB);
    if (!result.ok) throw new Error(result.reason);
    expect(await sharp(result.bytes).metadata()).toMatchObject({
      format: "webp",
      width: 64,
      height: 40,
      hasAlpha: true,
    });
  });

  it.each([
    ["an empty file", async () => Buffer.alloc(0), "empty"],
    ["an SVG with a script", async () => svgWithScript(), "not-a-picture"],
    ["HTML named .jpg", async () => htmlNamedJpg(), "not-a-picture"],
    ["a 6 MB file", async () => sixMegabytes(), "too-large"],
    ["a 20 000 x 20 000 PNG of a few kilobytes", async () => pngBomb(), "too-many-pixels"],
    ["a truncated JPEG", truncatedJpeg, "unreadable"],
    ["a PNG signature before garbage", async () => Buffer.from("\x89PNG\r\n\x1a\n<html>", "latin1"), "unreadable"],
  ])("refuses %s", async (_name, make, reason) => {
    const bytes = await make();
    expect(await reencodePicture(bytes, FIVE_MB)).toEqual({ ok: false, reason });
  });

  it("the bomb is small, and refused by the pixel limit, which libvips checks on the header, before decoding", async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    expect(await reencodePicture(bomb, FIVE_MB)).toEqual({ ok: false, reason: "too-many-pixels" });
  });
});

describe("sniffPictureFormat", () => {
  it("tells the four formats by their first bytes, and nothing else", async () => {
    const base = sharp({ create: { width: 4, height: 4, channels: 3, background: "white" } });
    expect(sniffPictureFormat(await base.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(sniffPictureFormat(await base.clone().png().toBuffer())).toBe("png");
    expect(sniffPictureFormat(await base.clone().webp().toBuffer())).toBe("webp");
    expect(sniffPictureFormat(await base.clone().gif().toBuffer())).toBe("gif");
    expect(sniffPictureFormat(svgWithScript())).toBeNull();
    expect(sniffPictureFormat(Buffer.from("RIFF....WAVEfmt "))).toBeNull();
  });
});
