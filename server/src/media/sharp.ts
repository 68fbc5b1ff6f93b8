/** The image library, loaded on first use: only uploads of pictures need it. */
export async function loadSharp() {
  return (await import('sharp')).default;
}
