import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../config';

export interface TestS3Server {
  /** The storage configuration that points at this server's bucket (STORAGE_DRIVER=s3 with S3_*). */
  config: S3StorageConfig;
  stop(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, in this process, files in a temporary folder) with one empty
 * bucket: the S3 driver's tests talk the S3 protocol to it exactly as to AWS or MinIO, never the network.
 */
export async function startS3Server(bucket = 'chatflow-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'chatflow-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = (await server.run()) as AddressInfo;
  return {
    config: {
      driver: 's3',
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${address.port}`,
      // s3rver's fixed credentials (any other key is refused, as a real server would).
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
