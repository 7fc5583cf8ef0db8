// Where pictures are kept (ADR 051): files under data/pictures by default, or any S3-compatible store with
// STORAGE_URL=s3://<bucket>. Objects are named at random and never changed: a new picture is a new name.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

import { dataDirectory, getEnv } from "~/.server/platform/env";

export type PictureStore = {
  put: (name: string, bytes: Uint8Array) => Promise<void>;
  /** The picture's bytes, or null when there is no such picture. */
  get: (name: string) => Promise<Uint8Array | null>;
  /** Removes the picture; removing one that is not there is not an error. */
  remove: (name: string) => Promise<void>;
};

/** The URL path under which the app serves pictures (app/routes/pictures.ts); user.image and organization.logo hold it. */
export const PICTURES_PATH = "/pictures/";
const NAME = /^[A-Za-z0-9_-]{22}\.webp$/;

/** A new random name: 128 bits, so that a picture's URL cannot be guessed. */
export const newPictureName = () => `${randomBytes(16).toString("base64url")}.webp`;

/** Whether `name` is one of ours (and so safe as a file name or an object key). */
export const isPictureName = (name: string) => NAME.test(name);

/** The name of our picture behind a stored image URL, or null (none, or another site's, as GitHub's avatars). */
export function pictureNameOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(PICTURES_PATH)) return null;
  const name = url.slice(PICTURES_PATH.length);
  return isPictureName(name) ? name : null;
}

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
