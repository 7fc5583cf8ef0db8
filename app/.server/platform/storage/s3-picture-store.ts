// Pictures in an S3-compatible store (AWS S3, Cloudflare R2, MinIO, Tigris), through the official AWS SDK client.
// Credentials and region come from the SDK's own variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION);
// AWS_ENDPOINT_URL_S3 names a store other than AWS, which is then addressed path-style (bucket in the path), the one
// style every such store answers (ADR 051).
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";

import { getEnv } from "~/.server/platform/env";
import { isPictureName, type PictureStore } from "./picture-names";

/** s3://<bucket>[/<prefix>] as a bucket and a key prefix ("" or ending in "/"). */
function parseS3Url(url: string): { bucket: string; prefix: string } {
  const { hostname, pathname } = new URL(url);
  const prefix = pathname.replace(/^\/+|\/+$/g, "");
  return { bucket: hostname, prefix: prefix ? `${prefix}/` : "" };
}

export function s3PictureStore(url: string, client?: S3Client): PictureStore {
  const { bucket, prefix } = parseS3Url(url);
  const endpoint = getEnv().AWS_ENDPOINT_URL_S3;
  const s3 =
    client ??
    new S3Client({
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      region: getEnv().AWS_REGION ?? "auto",
      // Only the checksums S3 requires: several compatible stores reject the newer default ones.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  const keyOf = (name: string) => {
    if (!isPictureName(name)) throw new Error(`not a picture name: ${name}`);
    return `${prefix}${name}`;
  };
  return {
    async put(name, bytes) {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(name), Body: bytes, ContentType: "image/webp" }));
    },
    async get(name) {
      try {
        const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
        return answer.Body ? new Uint8Array(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async remove(name) {
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
    },
  };
}
