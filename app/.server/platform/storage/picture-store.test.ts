import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { newPictureName, pictureNameOf } from "./picture-names";
import { localPictureStore } from "./picture-store";

describe("localPictureStore", () => {
  it("puts, gets and removes a picture, leaving no file behind", async () => {
    const directory = await mkdtemp(join(tmpdir(), "pictures-"));
    const store = localPictureStore(directory);
    const name = newPictureName();
    await store.put(name, new Uint8Array([1, 2, 3]));
    expect(await store.get(name)).toEqual(new Uint8Array([1, 2, 3]));
    expect(await readdir(directory)).toEqual([name]);
    await store.remove(name);
    await store.remove(name);
    expect(await store.get(name)).toBeNull();
    expect(await readdir(directory)).toEqual([]);
  });

  it("refuses a name that is not one of ours", async () => {
    const store = localPictureStore(await mkdtemp(join(tmpdir(), "pictures-")));
    await expect(store.get("../app.db")).rejects.toThrow(/not a picture name/);
  });
});

describe("pictureNameOf", () => {
  it("finds our picture behind an image URL, not another site's", () => {
    const name = newPictureName();
    expect(pictureNameOf(`/pictures/${name}`)).toBe(name);
    expect(pictureNameOf("https://avatars.githubusercontent.com/u/1?v=4")).toBeNull();
    expect(pictureNameOf("/pictures/../../etc/passwd")).toBeNull();
    expect(pictureNameOf(null)).toBeNull();
  });
});
