// Where pictures are kept (ADR 051): files under data/pictures by default, or any S3-compatible store with
// STORAGE_URL=s3://<bucket>. Objects are named at random and never changed: a new picture is a new name.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

import { dataDirectory, getEnv } from "~/.server/platform/env";
import { logger } from "~/.server/platform/logger";
import { isPictureName, pictureNameOf, type PictureStore } from "./picture-names";

/** Pictures as files in `directory`; a file is written under a temporary name, then renamed, so it is whole or absent. */
export function localPictureStore(directory: string): PictureStore {
  const pathOf = (name: string) => {
    if (!isPictureName(name)) throw new Error(`not a picture name: ${name}`);
    return join(directory, name);
  };
  return {
    async put(name, bytes) {
      await mkdir(directory, { recursive: true });
      const temporary = `${pathOf(name)}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, pathOf(name));
    },
    async get(name) {
      try {
        return new Uint8Array(await readFile(pathOf(name)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(name) {
      await rm(pathOf(name), { force: true });
    },
  };
}

let store: PictureStore | undefined;

/** The store STORAGE_URL names, made once. */
export async function getPictureStore(): Promise<PictureStore> {
  if (store) return store;
  const { STORAGE_URL, DATABASE_URL } = getEnv();
  if (STORAGE_URL?.startsWith("s3://")) {
    // Loaded only when used: the SDK is large, and a local store never needs it (ADR 029).
    const { s3PictureStore } = await import("./s3-picture-store");
    store = s3PictureStore(STORAGE_URL);
  } else {
    store = localPictureStore(STORAGE_URL?.replace(/^file:/, "") || join(dataDirectory(DATABASE_URL), "pictures"));
  }
  return store;
}

/**
 * Removes the picture behind a stored image URL when it is one of ours (after its row changed or went). A failure is
 * logged, not thrown: the change it follows is done, and an object left behind is only storage.
 */
export async function removePictureAt(url: string | null | undefined): Promise<void> {
  const name = pictureNameOf(url);
  if (!name) return;
  try {
    await (await getPictureStore()).remove(name);
  } catch (error) {
    logger.warn("a picture could not be removed from the store", { err: error, name });
  }
}
