// A real S3-compatible server for the tests (s3rver, on 127.0.0.1, its objects in a temporary folder), and the
// environment that points the app at it the way a deployment points it at R2 or MinIO (ADR 051).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

export type S3Server = {
  endpoint: string;
  bucket: string;
  /** The variables a deployment sets: STORAGE_URL and the AWS SDK's own. */
  env: Record<string, string>;
  stop: () => Promise<void>;
};

export async function startS3Server(bucket = "pictures"): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_URL: `s3://${bucket}`,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: "us-east-1",
      // s3rver's fixed credentials.
      AWS_ACCESS_KEY_ID: "S3RVER",
      AWS_SECRET_ACCESS_KEY: "S3RVER",
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
