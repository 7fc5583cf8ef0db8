// Pictures on a real store: files in a folder of their own here; the same rules against an S3-compatible server in
// pictures-s3.test.ts.
import { readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { db } from "~/.server/platform/db/client";
import { auditEvent, organization, rateLimitCounter, user } from "~/.server/platform/db/schema";
import { exportAccountData } from "~/features/account/account.server";
import { removeOrganization } from "~/features/organizations/organizations.server";
import {
  htmlNamedJpg,
  jpegWithGps,
  pngBomb,
  sixMegabytes,
  smallPng,
  svgWithScript,
  truncatedJpeg,
} from "../../../tests/support/pictures";
import { changePicture, readPicture, removePicture, type PictureOwner } from "./pictures.server";

// Before the app's modules load: the environment is read once.
const directory = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const folder = mkdtempSync(join(tmpdir(), "pictures-feature-"));
  process.env.STORAGE_URL = `file:${folder}`;
  return folder;
});

const stored = () => readdirSync(directory);
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
const upload = (owner: PictureOwner, bytes: Buffer, type = "image/jpeg") =>
  changePicture(owner, new Blob([new Uint8Array(bytes)], { type }), { uploaderId: owner.id, actor });

beforeEach(async () => {
  await db.delete(rateLimitCounter);
});

describe("changePicture", () => {
  it("stores a photo as WebP without its GPS EXIF, and serves it back", async () => {
    const owner = await newUser();
    expect(await upload(owner, await jpegWithGps())).toEqual({ ok: true });
    const url = await imageOf(owner.id);
    expect(url).toMatch(/^\/pictures\/[A-Za-z0-9_-]{22}\.webp$/);
    const bytes = await readPicture(url!.slice("/pictures/".length));
    const metadata = await sharp(bytes!).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.exif).toBeUndefined();
    const [entry] = await db.select().from(auditEvent).where(eq(auditEvent.targetId, owner.id));
    expect(entry).toMatchObject({ action: "user.updated", details: JSON.stringify({ photo: "changed" }) });
  });

  it("replacing and removing leave no orphan object", async () => {
    const before = stored().length;
    const owner = await newUser();
    await upload(owner, await jpegWithGps());
    const first = await imageOf(owner.id);
    await upload(owner, await smallPng(), "image/png");
    const second = await imageOf(owner.id);
    expect(second).not.toBe(first);
    expect(stored()).toHaveLength(before + 1);
    expect(stored()).toContain(second!.slice("/pictures/".length));
    await removePicture(owner, { actor });
    expect(await imageOf(owner.id)).toBeNull();
    expect(stored()).toHaveLength(before);
  });

  it.each([
    ["an SVG with a script", svgWithScript, "not-a-picture"],
    ["a PNG named .jpg holding HTML", htmlNamedJpg, "not-a-picture"],
    ["a 6 MB file", sixMegabytes, "too-large"],
    ["a 20 000 x 20 000 PNG of a few kilobytes", pngBomb, "too-many-pixels"],
    ["a truncated JPEG", truncatedJpeg, "unreadable"],
    ["an empty file", () => Buffer.alloc(0), "empty"],
  ])("refuses %s, storing nothing and keeping the picture there was", async (_name, make, reason) => {
    const owner = await newUser();
    await upload(owner, await smallPng(), "image/png");
    const kept = await imageOf(owner.id);
    const before = stored();
    expect(await upload(owner, await make())).toEqual({ ok: false, reason });
    expect(stored()).toEqual(before);
    expect(await imageOf(owner.id)).toBe(kept);
  });

  it("the copy of the user's data holds the photo", async () => {
    const owner = await newUser();
    await upload(owner, await jpegWithGps());
    const labels = { administrator: "an administrator", organizationAdministrator: "an organization's administrator" };
    const exported = await exportAccountData(owner.id, null, labels);
    expect(exported?.photo?.contentType).toBe("image/webp");
    const photo = Buffer.from(exported!.photo!.base64, "base64");
    expect((await sharp(photo).metadata()).format).toBe("webp");
  });

  it("takes ten uploads per user in ten minutes", async () => {
    const owner = await newUser();
    for (let index = 0; index < 10; index++) await upload(owner, Buffer.alloc(0));
    expect(await upload(owner, await smallPng())).toMatchObject({ ok: false, reason: "rate-limited" });
  });

  it("an organization's logo goes with the organization", async () => {
    const id = crypto.randomUUID();
    await db.insert(organization).values({ id, name: "Acme", slug: `acme-${id}`, createdAt: new Date() });
    const owner: PictureOwner = { kind: "organization", id, label: "Acme" };
    const before = stored().length;
    expect(
      await changePicture(owner, new Blob([new Uint8Array(await smallPng())]), { uploaderId: "u", actor }),
    ).toEqual({
      ok: true,
    });
    const [row] = await db.select({ logo: organization.logo }).from(organization).where(eq(organization.id, id));
    expect(row?.logo).toMatch(/^\/pictures\//);
    expect(stored()).toHaveLength(before + 1);
    const [entry] = await db.select().from(auditEvent).where(eq(auditEvent.targetId, id));
    expect(entry).toMatchObject({ action: "organization.updated", details: JSON.stringify({ logo: "changed" }) });
    await removeOrganization(id);
    expect(stored()).toHaveLength(before);
  });
});
