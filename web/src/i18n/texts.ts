import type { Language } from '@chatflow/contract';
import { validationTexts } from '@chatflow/contract';

/** A language's texts as i18next holds them: nested keys. */
export type Tree = { [k: string]: string | Tree };

function merge(target: Tree, source: Tree): Tree {
  for (const [k, v] of Object.entries(source)) {
    target[k] = typeof v === 'object' && typeof target[k] === 'object' ? merge(target[k] as Tree, v) : v;
  }
  return target;
}

function nest(flat: Record<string, string>): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = out;
    for (const p of parts.slice(0, -1)) {
      node[p] ??= {};
      node = node[p] as Tree;
    }
    node[parts.at(-1)!] = value;
  }
  return out;
}

/**
 * One language's whole translation: the contract's validation messages (so the form and the server
 * say the same words) under the area files of i18n/<lang>/<area>.json, each holding `{ "<area>": {…} }`.
 */
export function translationOf(lang: Language, areaFiles: Record<string, Tree>): Tree {
  const tree = nest(validationTexts[lang]);
  for (const area of Object.values(areaFiles)) merge(tree, area);
  return tree;
}
