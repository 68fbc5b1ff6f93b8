import { isUtf8 } from 'node:buffer';
import { isSvgDocument } from './svg';

/**
 * What a file is, from its bytes. The declared type and the name's extension are never trusted for a
 * format that has a signature; the type-sniffing library loads on first use, so the server starts
 * without paying for it.
 */
export async function sniffFileType(data: Uint8Array) {
  const { fileTypeFromBuffer } = await import('file-type');
  return fileTypeFromBuffer(data);
}

/** Plain-text formats have no signature: each feature accepts them by name only when the bytes are text. */
export const TEXT_TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  vcf: 'text/vcard',
};

/** The mime type of a plain-text extension, or undefined (own keys only: "constructor" is no format). */
export const textMimeOf = (ext: string): string | undefined => (Object.hasOwn(TEXT_TYPES, ext) ? TEXT_TYPES[ext] : undefined);

/** Text in the strict sense: valid UTF-8 with no NUL byte. */
export const isUtf8Text = (data: Uint8Array) => !data.includes(0) && isUtf8(data);

/** Markup and script: what a browser would run if it opened the file from the app's origin. */
const ACTIVE_CONTENT: ReadonlySet<string> = new Set(['html', 'htm', 'xhtml', 'xml', 'svg', 'js', 'mjs']);

export const isActiveContent = (ext: string) => ACTIVE_CONTENT.has(ext.toLowerCase());

/**
 * The extension bytes are stored under, so /public never serves them as something that runs: active
 * content becomes plain text (.txt), except an SVG that passes the inert-SVG check (a logo).
 */
export function inertExtension(ext: string, data: Uint8Array): string {
  const clean =
    ext
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 10) || 'bin';
  if (!isActiveContent(clean)) return clean;
  return clean === 'svg' && isSvgDocument(Buffer.from(data.buffer, data.byteOffset, data.byteLength)) ? 'svg' : 'txt';
}
