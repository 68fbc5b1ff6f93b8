/**
 * Upload helpers shared by features. The image and type-sniffing libraries are loaded on first use:
 * they are needed only when someone uploads, so the server starts without paying for them.
 */
export async function sniffFileType(buffer: Uint8Array) {
  const { fileTypeFromBuffer } = await import('file-type');
  return fileTypeFromBuffer(buffer);
}

export async function loadSharp() {
  return (await import('sharp')).default;
}
