// Every uploaded picture is decoded and encoded again (ADR 051): only what a decoder understood as pixels is kept, in
// one format, at a bounded size, without its metadata (EXIF, GPS, comments). What is not a JPEG, PNG, WebP or GIF by
// its first bytes is refused before any decoder sees it.
import type sharpModule from "sharp";

/** The formats taken, told by their content (magic bytes), never by a file's name or declared type. */
export type PictureFormat = "jpeg" | "png" | "webp" | "gif";

/** The longest side of a stored picture, in pixels: twice the largest avatar shown, for sharp screens. */
export const PICTURE_MAX_SIDE = 512;
/**
 * The most pixels a picture may decode to (a 48-megapixel phone photo is 48.8 million). A PNG of a few kilobytes can
 * claim 20 000 x 20 000 pixels (1.6 GB decoded): the decoder refuses it from its header, before allocating.
 */
const PICTURE_MAX_INPUT_PIXELS = 50_000_000;
/** What every stored picture is, and the Content-Type it is served with. */
export const PICTURE_CONTENT_TYPE = "image/webp";

/** Why a picture was refused; each has a message in every language (`pictures.refused.*`). */
export type PictureRefusal = "empty" | "too-large" | "not-a-picture" | "too-many-pixels" | "unreadable";

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => Array.from(text, (character) => character.charCodeAt(0));

/** The picture format of `bytes` by their first bytes, or null (SVG, HTML and everything else). */
export function sniffPictureFormat(bytes: Uint8Array): PictureFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

/** sharp and libvips load with the first upload, not with the server (ADR 029): they add about 20 MB to a process. */
let sharpLoaded: Promise<typeof sharpModule> | undefined;
const loadSharp = () => (sharpLoaded ??= import("sharp").then((module) => module.default));

/**
 * The picture in `bytes`, decoded and encoded again as WebP within PICTURE_MAX_SIDE (turned upright by its EXIF
 * orientation, then stripped of every metadata), or why it is refused. `maxBytes` is the upload limit.
 */
export async function reencodePicture(
  bytes: Uint8Array,
  maxBytes: number,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; reason: PictureRefusal }> {
  if (bytes.length === 0) return { ok: false, reason: "empty" };
  if (bytes.length > maxBytes) return { ok: false, reason: "too-large" };
  const format = sniffPictureFormat(bytes);
  if (!format) return { ok: false, reason: "not-a-picture" };
  const sharp = await loadSharp();
  try {
    // failOn "truncated": a cut-off file is refused rather than stored half grey; the first frame of an animation.
    const image = sharp(bytes, { limitInputPixels: PICTURE_MAX_INPUT_PIXELS, failOn: "truncated", animated: false });
    const metadata = await image.metadata();
    // The decoder must agree with the first bytes: a PNG signature in front of something else is not a PNG.
    if (metadata.format !== format) return { ok: false, reason: "not-a-picture" };
    const output = await image
      .rotate()
      .resize(PICTURE_MAX_SIDE, PICTURE_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { ok: true, bytes: new Uint8Array(output) };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) return { ok: false, reason: "too-many-pixels" };
    return { ok: false, reason: "unreadable" };
  }
}
