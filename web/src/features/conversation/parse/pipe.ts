import { safeUrl } from './data-json';

/** locationMessage bodies: "image|link|description" (description optional). */
export interface LocationBody {
  image: string | null;
  link: string | null;
  description: string;
}

export function parseLocation(body: string): LocationBody | null {
  const [image, link, ...rest] = body.split('|');
  if (link === undefined) return null;
  const url = safeUrl(link);
  if (!url) return null;
  return { image: safeUrl(image), link: url, description: rest.join('|') };
}

/** adMetaPreview bodies: "image|source url|title|body|user message". */
export interface AdPreviewBody {
  image: string | null;
  sourceUrl: string | null;
  title: string;
  body: string;
  userMessage: string;
}

export function parseAdPreview(body: string): AdPreviewBody | null {
  const parts = body.split('|');
  if (parts.length < 5) return null;
  const [image, sourceUrl, title, text, ...message] = parts;
  return { image: safeUrl(image), sourceUrl: safeUrl(sourceUrl), title, body: text, userMessage: message.join('|') };
}
