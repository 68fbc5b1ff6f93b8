// The installable app's icons (web/public/icon-192.png, icon-512.png) drawn from web/public/logo.svg.
// Run after changing the logo: `node web/scripts/icons.mjs`; the PNGs are committed, so a build needs
// no image library. sharp is the server's image library (hoisted to the root node_modules).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const pub = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
for (const size of [192, 512]) {
  await sharp(path.join(pub, 'logo.svg'), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(pub, `icon-${size}.png`));
}
console.log('icons written to', pub);
