import type { FlowContentElement } from '@chatflow/contract';
import { intervalProblem } from './node-forms';

export type BlockType = FlowContentElement['type'];

/** One block of the content dialog: saved (value set) or new; a media block holds its picked file until upload. */
export interface ContentBlock {
  key: string;
  type: BlockType;
  value: string;
  original?: string;
  record?: boolean;
  file?: File;
  /** An object URL of the picked file, for the preview. */
  preview?: string;
}

export const isMedia = (type: BlockType): type is 'img' | 'audio' | 'video' => type === 'img' || type === 'audio' || type === 'video';

let counter = 0;
export const blockKey = () => `block-${++counter}`;

/** The saved node's elements in `seq` order, as editable blocks. */
export function blocksOf(data: Record<string, unknown> | null): ContentBlock[] {
  const elements = (Array.isArray(data?.elements) ? data.elements : []) as FlowContentElement[];
  const seq = Array.isArray(data?.seq) ? (data.seq as string[]) : elements.map((e) => e.number);
  const byNumber = new Map(elements.map((e) => [e.number, e]));
  return seq
    .map((n) => byNumber.get(n))
    .filter((e): e is FlowContentElement => !!e)
    .map((e) => ({ key: blockKey(), type: e.type, value: String(e.value ?? ''), original: e.original, record: e.record }));
}

/**
 * The first reason the blocks cannot be saved (spec 3 §5), as an i18n key: no block or an empty text
 * ("Campos de mensagem vazio!"), an interval out of range, a media card without a file
 * ("Delete os cards vazios(Imagem, Audio e Video)").
 */
export function contentProblem(blocks: readonly ContentBlock[]): string | null {
  if (blocks.length === 0 || blocks.some((b) => b.type === 'message' && !b.value.trim())) return 'flows.content.emptyMessage';
  for (const b of blocks)
    if (b.type === 'interval') {
      const problem = intervalProblem(b.value);
      if (problem) return problem;
    }
  if (blocks.some((b) => isMedia(b.type) && !b.file && !b.value)) return 'flows.content.emptyCards';
  return null;
}

/** The node's data: `seq` lists element ids (message1, interval2, img3...) in order; media values are the stored urls. */
export function contentData(blocks: readonly ContentBlock[], uploaded: ReadonlyMap<string, { name: string; original: string }>) {
  const elements: FlowContentElement[] = blocks.map((b, i) => {
    const stored = uploaded.get(b.key);
    const element: FlowContentElement = {
      number: `${b.type}${i + 1}`,
      type: b.type,
      value: stored ? stored.name : b.type === 'message' ? b.value.trim() : b.value,
    };
    const original = stored?.original ?? b.original;
    if (isMedia(b.type) && original) element.original = original;
    if (b.type === 'audio') element.record = !!b.record;
    return element;
  });
  return { seq: elements.map((e) => e.number), elements };
}
