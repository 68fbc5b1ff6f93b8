// `npm run build`: the server bundle in dist/ (see bundle.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from './bundle.mjs';

await bundleServer(path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist'));
