// The picture rules against a real S3-compatible server (s3rver on 127.0.0.1), through the AWS SDK as in production:
// what is stored, replaced, removed and refused, object by object.
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

import { db } from "~/.server/platform/db/client";
import { organization, rateLimitCounter, user } from "~/.server/platform/db/schema";
import { removeOrganization } from "~/features/organizations/organizations.server";
import { jpegWithGps, pngBomb, smallPng, svgWithScript, truncatedJpeg } from "../../../tests/support/pictures";
import { changePicture, readPicture, removePicture, type PictureOwner } from "./pictures.server";

// Started, and the environment set, before the app's modules load: the environment is read once.
const s3 = await vi.hoisted(async () => {
  const { startS3Server } = await import("../../../tests/support/s3-server");
  const server = await startS3Server();
  Object.assign(process.env, server.env);
  return server;
});

afterAll(async () => {
  await s3.stop();
});

const client = new S3Client({
  endpoint: s3.endpoint,
  forcePathStyle: true,
  region: "us-east-1",
  credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
});
const objects = async () =>
  ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((item) => item.Key).sort();

const actor = { user: { id: "someone", email: "someone@example.com" }, ip: "198.51.100.7" };

async function newUser(): Promise<PictureOwner> {
  const id = crypto.randomUUID();
  const now = new Date();
  await db
    .insert(user)
    .values({ id, name: "Ada", email: `${id}@example.com`, emailVerified: true, createdAt: now, updatedAt: now });
  return { kind: "user", id, label: `${id}@example.com` };
}

const imageOf = async (id: string) => (await db.select({ url: user.image }).from(user).where(eq(user.id, id)))[0]?.url;
const upload = (owner: PictureOwner, bytes: Buffer) =>
  changePicture(owner, new Blob([new Uint8Array(bytes)]), { uploaderId: owner.id, actor });

beforeEach(async () => {
  await db.delete(rateLimitCounter);
});

describe("pictures in an S3-compatible store", () => {
  it("stores a photo without its EXIF, reads it back, and replacing and removing leave no orphan object", async () => {
    const before = await objects();
    const owner = await newUser();
    expect(await upload(owner, await jpegWithGps())).toEqual({ ok: true });
    const first = (await imageOf(owner.id))!.slice("/pictures/".length);
    expect(await objects()).toEqual([...before, first].sort());
    const metadata = await sharp((await readPicture(first))!).metadata();
    expect(metadata).toMatchObject({ format: "webp" });
    expect(metadata.exif).toBeUndefined();

    await upload(owner, await smallPng());
    const second = (await imageOf(owner.id))!.slice("/pictures/".length);
    expect(await objects()).toEqual([...before, second].sort());
    await removePicture(owner, { actor });
    expect(await objects()).toEqual(before);
    expect(await readPicture(second)).toBeNull();
  });

  it.each([
    ["an SVG with a script", svgWithScript, "not-a-picture"],
    ["a 20 000 x 20 000 PNG", pngBomb, "too-many-pixels"],
    ["a truncated JPEG", truncatedJpeg, "unreadable"],
  ])("refuses %s and stores nothing", async (_name, make, reason) => {
    const before = await objects();
    expect(await upload(await newUser(), await make())).toEqual({ ok: false, reason });
    expect(await objects()).toEqual(before);
  });

  it("an organization's logo goes with the organization", async () => {
    const id = crypto.randomUUID();
    await db.insert(organization).values({ id, name: "Acme", slug: `acme-${id}`, createdAt: new Date() });
    const before = await objects();
    const owner: PictureOwner = { kind: "organization", id, label: "Acme" };
    expect(
      await changePicture(owner, new Blob([new Uint8Array(await smallPng())]), { uploaderId: "u", actor }),
    ).toEqual({ ok: true });
    expect(await objects()).toHaveLength(before.length + 1);
    await removeOrganization(id);
    expect(await objects()).toEqual(before);
  });
});
