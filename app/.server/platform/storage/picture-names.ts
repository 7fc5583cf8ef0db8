// The names of stored pictures, and the shape of a store (ADR 051): shared by the stores and their callers.
import { randomBytes } from "node:crypto";

export type PictureStore = {
  put: (name: string, bytes: Uint8Array) => Promise<void>;
  /** The picture's bytes, or null when there is no such picture. */
  get: (name: string) => Promise<Uint8Array<ArrayBuffer> | null>;
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
