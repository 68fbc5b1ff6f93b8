import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import installer from '@ffmpeg-installer/ffmpeg';

const run = promisify(execFile);

/** The ffmpeg binary the npm package ships for this platform (FFMPEG_PATH overrides it). */
export const bundledFfmpegPath = (): string => installer.path;

/** A conversion that takes longer than this is abandoned (a voice note is seconds of audio). */
const TIMEOUT_MS = 30_000;

/**
 * Runs ffmpeg on bytes: the input is written to a private temporary folder (MP4 recordings keep their
 * index at the end, which a pipe cannot seek to), `args` go between the input and the output file,
 * and the output's bytes come back. The folder is removed whatever happens.
 */
export async function convertWithFfmpeg(
  ffmpegPath: string,
  input: Buffer,
  inputExt: string,
  args: string[],
  outputExt: string,
): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'chatflow-ffmpeg-'));
  try {
    const source = path.join(dir, `in.${inputExt}`);
    const target = path.join(dir, `out.${outputExt}`);
    await writeFile(source, input);
    await run(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', source, ...args, '-y', target], { timeout: TIMEOUT_MS });
    return await readFile(target);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
