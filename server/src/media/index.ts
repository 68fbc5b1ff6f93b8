/**
 * Files: every upload, inbound media file, logo and avatar goes through this module (infrastructure:
 * it imports no feature). Features keep only their own type policy (which types, how large) and call it.
 *
 * Security rules, written once:
 * 1. Size: a multipart upload is read within the caller's byte limit; over it is 413 ERR_FILE_TOO_LARGE.
 * 2. Type from content: a format with a signature is what its bytes say (file-type), never the
 *    declared type or the name; a plain-text format is accepted by name only when the bytes are text.
 * 3. Nothing that runs: html, xml, svg and script are stored as .txt (or refused by the feature), so
 *    /public never serves markup from the app's origin; the one exception is an SVG that passes the
 *    inert-SVG check (well-formed, <svg> root, no script, handlers, foreign objects or entities).
 * 4. Random names: the stored name is 128 random bits and an extension chosen from the content; a
 *    name or path from the request is never part of a key (the sender's name is display text only).
 * 5. Folders from code: company files live under company{id}/<area>, logos under logos/; a stored url
 *    resolves back to a key only inside the folder the caller names, and only a name this module
 *    wrote can be removed, so no value from the database or a request reaches another file.
 * 6. Served inert: /public answers with nosniff, a sandbox CSP (no scripts; PDF excepted, see
 *    serve.ts) and Content-Disposition: attachment for anything but pictures, sound, video and PDF.
 * 7. Served to the owner only: /public/company{id}/... answers to a session of that company (access
 *    token or refresh cookie), anything else is 404; only logos/ is open (the login page shows it).
 * Storage is a flydrive Disk: the fs driver under DATA_DIR/public, or an S3-compatible bucket
 * (STORAGE_DRIVER=s3); both are served at /public/<key> by serve.ts, so stored urls never change.
 */
export { inertExtension, isActiveContent, isUtf8Text, sniffFileType, TEXT_TYPES, textMimeOf } from './content-type';
export { oggOpusSeconds } from './audio-seconds';
export { displayName } from './display-name';
export { bundledFfmpegPath, convertWithFfmpeg } from './ffmpeg';
export { loadSharp } from './sharp';
export { type CallerCompany, serveMedia } from './serve';
export {
  companyFolder,
  type FolderUsage,
  fsMediaStorage,
  MediaStorage,
  mediaStorage,
  PUBLIC_URL_PREFIX,
  s3MediaStorage,
  type StoredFile,
} from './storage';
export { isSvgDocument } from './svg';
export { readUpload, requireFile, type UploadedFile, type UploadForm, type UploadLimits } from './upload';
