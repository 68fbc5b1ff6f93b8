// Audio files for the tests of several features (messages, campaigns): bytes that sniff as their type.

/** An Ogg page with an OpusHead packet: sniffs as audio/opus. */
export function oggOpus(size = 12_000): Buffer {
  const head = Buffer.alloc(28);
  head.write('OggS', 0, 'latin1');
  return Buffer.concat([head, Buffer.from('OpusHead', 'latin1'), Buffer.alloc(Math.max(0, size - 36), 1)]);
}
