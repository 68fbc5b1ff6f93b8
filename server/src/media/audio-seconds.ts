const OPUS_RATE = 48_000;

/**
 * The length in whole seconds of an Ogg/Opus file (what a WhatsApp voice note is), read from the
 * granule position of its last page minus the stream's pre-skip; null when the bytes are not Ogg/Opus
 * or name no length. Reads nothing but the buffer: no decoding, no process.
 */
export function oggOpusSeconds(data: Buffer): number | null {
  if (data.length < 64 || data.toString('latin1', 0, 4) !== 'OggS') return null;
  const head = data.indexOf('OpusHead', 0, 'latin1');
  if (head < 0 || head > 512 || head + 12 > data.length) return null;
  const preSkip = data.readUInt16LE(head + 10);
  // The last page: a capture pattern followed by version 0, with a whole header after it.
  for (let at = data.lastIndexOf('OggS', data.length - 27, 'latin1'); at > head; at = data.lastIndexOf('OggS', at - 1, 'latin1')) {
    if (data[at + 4] !== 0) continue;
    const granule = data.readBigInt64LE(at + 6);
    if (granule <= 0n) continue;
    const samples = Number(granule) - preSkip;
    return samples > 0 ? Math.round(samples / OPUS_RATE) : null;
  }
  return null;
}
