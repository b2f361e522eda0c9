/**
 * A local S3-compatible server for tests (s3rver from npm, docs/decisions/068-one-file-storage.md):
 * a public bucket and a private one in a temporary folder, on a free port. s3rver accepts any
 * request signed with its fixed key, and anonymous ones too, as a public bucket would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  /** The folder s3rver keeps its buckets in. */
  directory: string;
  /** The S3_* variables of a shop that uses it (private objects in their own bucket). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export const S3_TEST_BUCKET = 'pasar';
export const S3_TEST_PRIVATE_BUCKET = 'pasar-privat';

export async function startLocalS3(): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: S3_TEST_BUCKET }, { name: S3_TEST_PRIVATE_BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    directory,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: S3_TEST_BUCKET,
      S3_PRIVATE_BUCKET: S3_TEST_PRIVATE_BUCKET,
      // s3rver's one built-in key.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
