// Profile photos and organization logos (ADR 051): an upload is decoded and encoded again, stored under a new random
// name, written to its row, and only then is the picture it replaces removed. Each change is on the audit trail.
import { and, eq, isNull, type SQL } from "drizzle-orm";

import { db } from "~/.server/platform/db/client";
import { organization, user } from "~/.server/platform/db/schema";
import { getEnv } from "~/.server/platform/env";
import { consumeRateLimit, rateLimits } from "~/.server/platform/security/rate-limit";
import { reencodePicture, type PictureRefusal } from "~/.server/platform/storage/picture-image";
import { newPictureName, pictureNameOf, PICTURES_PATH } from "~/.server/platform/storage/picture-names";
import { getPictureStore, removePictureAt } from "~/.server/platform/storage/picture-store";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";

export type PictureResult =
  | { ok: true }
  | { ok: false; reason: PictureRefusal }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

/** Whose picture: a user's photo (user.image) or an organization's logo (organization.logo). */
export type PictureOwner =
  { kind: "user"; id: string; label: string } | { kind: "organization"; id: string; label: string };

const columnOf = (owner: PictureOwner) => (owner.kind === "user" ? user.image : organization.logo);

async function currentPicture(owner: PictureOwner): Promise<string | null> {
  const [row] =
    owner.kind === "user"
      ? await db.select({ url: user.image }).from(user).where(eq(user.id, owner.id)).limit(1)
      : await db.select({ url: organization.logo }).from(organization).where(eq(organization.id, owner.id)).limit(1);
  return row?.url ?? null;
}

/**
 * Writes `url` in the owner's row if it still holds `previous` (compare and set: of two uploads at once, the one that
 * loses tries again, so that the picture it replaced is the one it removes). False when the row is gone.
 */
async function swapPicture(owner: PictureOwner, url: string | null): Promise<{ replaced: string | null } | false> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const previous = await currentPicture(owner);
    const column = columnOf(owner);
    const unchanged: SQL = previous === null ? isNull(column) : eq(column, previous);
    const changed =
      owner.kind === "user"
        ? await db
            .update(user)
            .set({ image: url, updatedAt: new Date() })
            .where(and(eq(user.id, owner.id), unchanged))
            .returning({ id: user.id })
        : await db
            .update(organization)
            .set({ logo: url })
            .where(and(eq(organization.id, owner.id), unchanged))
            .returning({ id: organization.id });
    if (changed.length > 0) return { replaced: previous };
    if (!(await exists(owner))) return false;
  }
  throw new Error("the picture kept changing under five attempts");
}

async function exists(owner: PictureOwner): Promise<boolean> {
  const rows =
    owner.kind === "user"
      ? await db.select({ id: user.id }).from(user).where(eq(user.id, owner.id)).limit(1)
      : await db.select({ id: organization.id }).from(organization).where(eq(organization.id, owner.id)).limit(1);
  return rows.length > 0;
}

function audit(actor: AuditActor, owner: PictureOwner, change: "changed" | "removed") {
  return recordAudit(actor, {
    action: owner.kind === "user" ? "user.updated" : "organization.updated",
    target: { type: owner.kind, id: owner.id, label: owner.label },
    details: owner.kind === "user" ? { photo: change } : { logo: change },
  });
}

/**
 * Sets the owner's picture from an uploaded file, within the uploads `uploaderId` may make. Nothing is stored when the
 * file is refused.
 */
export async function changePicture(
  owner: PictureOwner,
  file: Blob,
  { uploaderId, actor }: { uploaderId: string; actor: AuditActor },
): Promise<PictureResult> {
  const limited = await consumeRateLimit(`picture-upload:${uploaderId}`, rateLimits.pictureUploadPerUser);
  if (!limited.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  const { UPLOAD_MAX_BYTES } = getEnv();
  // Refused by its size before it is read into memory.
  if (file.size > UPLOAD_MAX_BYTES) return { ok: false, reason: "too-large" };
  const picture = await reencodePicture(new Uint8Array(await file.arrayBuffer()), UPLOAD_MAX_BYTES);
  if (!picture.ok) return picture;
  const store = await getPictureStore();
  const name = newPictureName();
  await store.put(name, picture.bytes);
  let swapped;
  try {
    swapped = await swapPicture(owner, `${PICTURES_PATH}${name}`);
  } catch (error) {
    await store.remove(name);
    throw error;
  }
  if (!swapped) {
    await store.remove(name);
    return { ok: false, reason: "unreadable" };
  }
  await removePictureAt(swapped.replaced);
  await audit(actor, owner, "changed");
  return { ok: true };
}

/** Removes the owner's picture (initials show instead). */
export async function removePicture(owner: PictureOwner, { actor }: { actor: AuditActor }): Promise<void> {
  const swapped = await swapPicture(owner, null);
  if (!swapped || swapped.replaced === null) return;
  await removePictureAt(swapped.replaced);
  await audit(actor, owner, "removed");
}

/** The stored picture `name` as bytes, or null: for the route that serves pictures. */
export async function readPicture(name: string): Promise<Uint8Array<ArrayBuffer> | null> {
  if (pictureNameOf(`${PICTURES_PATH}${name}`) === null) return null;
  return (await getPictureStore()).get(name);
}
