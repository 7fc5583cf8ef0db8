// Pictures for the upload tests, made on the spot: the good ones by sharp, the hostile ones by hand.
import { deflateSync } from "node:zlib";
import sharp from "sharp";

/** A JPEG photo of `width` x `height` pixels of noise (so it does not compress away), with GPS coordinates in its EXIF. */
export async function jpegWithGps(width = 800, height = 600): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let index = 0; index < noise.length; index++) noise[index] = (index * 7919) % 251;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .withExif({
      IFD0: { Make: "Groundwork test camera", ImageDescription: "GPS-TEST" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 3/1" },
    })
    .toBuffer();
}

/** A small PNG (with an alpha channel, as logos have). */
export const smallPng = () =>
  sharp({ create: { width: 64, height: 40, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 0.5 } } })
    .png()
    .toBuffer();

export const svgWithScript = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
  );

/** HTML that a browser sniffing content would run: uploaded as photo.jpg, image/png. */
export const htmlNamedJpg = () => Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");

/** A JPEG signature followed by 6 MB: over the 5 MB limit. */
export const sixMegabytes = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(6 * 1000 * 1000)]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A valid 1-bit grey PNG of `side` x `side` pixels, all black: tens of kilobytes that decode to `side`² pixels. */
export function pngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filter, no interlace
  const rows = Buffer.alloc(side * (1 + Math.ceil(side / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The first half of a JPEG. */
export const truncatedJpeg = async () => {
  const whole = await jpegWithGps(400, 300);
  return whole.subarray(0, Math.floor(whole.length / 2));
};

/** A JPEG of random pixels, which compress badly: about 0.4 byte a pixel (1600 x 1600: about 1 MB). */
export async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  const { randomBytes } = await import("node:crypto");
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 50 })
    .toBuffer();
}

/** A 12-megapixel JPEG (4000 x 3000) of about 4.6 MB, with GPS coordinates: a phone photo, as heavy to decode. */
export async function twelveMegapixelPhoto(): Promise<Buffer> {
  const { randomBytes } = await import("node:crypto");
  const [width, height] = [4000, 3000];
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 50 })
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1" } })
    .toBuffer();
}
