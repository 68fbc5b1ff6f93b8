import { Fragment, useMemo } from 'react';
import { waFormat } from './wa-format';

const TAGS = { bold: 'strong', italic: 'em', strike: 's', mono: 'code' } as const;

/**
 * WhatsApp's *bold*, _italic_, ~strike~ and ```mono``` as React elements around text nodes: what a
 * customer typed is never parsed as HTML, so "<script>" still reads exactly as typed.
 */
export function FormattedText({ text }: { text: string }) {
  const runs = useMemo(() => waFormat(text), [text]);
  return runs.map((run, i) => {
    const Tag = run.style === 'plain' ? Fragment : TAGS[run.style];
    // biome-ignore lint/suspicious/noArrayIndexKey: runs of one text, derived from it in order
    return <Tag key={i}>{run.text}</Tag>;
  });
}
