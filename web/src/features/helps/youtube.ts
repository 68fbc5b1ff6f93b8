import { videoCode } from '@chatflow/contract';

/**
 * A help's video is a YouTube code (or a link the contract reduces to one). Only codes made of the
 * characters YouTube uses are put into URLs, so a stored value can never inject a path or query.
 */
const SAFE_CODE = /^[\w-]{6,20}$/;

export function safeVideoCode(video: string): string | null {
  const code = videoCode(video ?? '');
  return SAFE_CODE.test(code) ? code : null;
}

export const thumbnailUrl = (code: string) => `https://img.youtube.com/vi/${code}/0.jpg`;
export const embedUrl = (code: string) => `https://www.youtube.com/embed/${code}?autoplay=1`;
