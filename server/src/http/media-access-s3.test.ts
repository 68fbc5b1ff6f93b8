import { afterAll } from 'vitest';
import { useTestApp } from '../test/harness';
import { mediaAccessSuite } from '../test/media-access-suite';
import { startS3Server } from '../test/s3-server';

// STORAGE_DRIVER=s3 against a local S3-compatible server: the same suite as the fs driver's.
const s3 = await startS3Server();
afterAll(() => s3.stop());
mediaAccessSuite(useTestApp({ storage: s3.config }));
