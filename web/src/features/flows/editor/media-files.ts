import { FLOW_UPLOAD_EXTENSIONS, FLOW_UPLOAD_MAX_BYTES } from '@chatflow/contract';

export type MediaBlockType = keyof typeof FLOW_UPLOAD_EXTENSIONS;

/** The file picker's accept attribute for a media block (spec 3 §5: png/jpg/jpeg, ogg/mp3/opus, mp4). */
export const acceptOf = (type: MediaBlockType) => FLOW_UPLOAD_EXTENSIONS[type].map((ext) => `.${ext}`).join(',');

/** Why a picked file cannot go in a block: 'size' over 20,000,000 bytes, 'type' for another extension; null when it can. */
export function pickedFileProblem(file: File, type: MediaBlockType): 'size' | 'type' | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(FLOW_UPLOAD_EXTENSIONS[type] as readonly string[]).includes(ext)) return 'type';
  if (file.size > FLOW_UPLOAD_MAX_BYTES) return 'size';
  return null;
}

/** Spec 3 §9: images are recompressed at quality 0.7 before upload. */
export const IMAGE_QUALITY = 0.7;

/**
 * Re-encodes an image through a canvas at quality 0.7 (jpeg stays jpeg, png stays png); keeps the
 * original when the result is not smaller. Throws when the browser cannot decode the image.
 */
export async function recompressImage(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas context');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, IMAGE_QUALITY));
  if (!blob) throw new Error('image encoding failed');
  return blob.size < file.size ? new File([blob], file.name, { type }) : file;
}
