import { LANGUAGES, validationTexts } from '@chatflow/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Texts live in i18n/<lang>/<area>.json, one file per feature area, each holding `{ "<area>": {…} }`.
 * Every file is picked up here, so a feature adds its texts without editing this file. Validation
 * messages come from the contract, so the form and the server say the same words.
 */
type Tree = { [k: string]: string | Tree };
const files = import.meta.glob<{ default: Tree }>('./*/*.json', { eager: true });

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

const resources: Record<string, { translation: Tree }> = {};
for (const lang of LANGUAGES) resources[lang] = { translation: nest(validationTexts[lang]) };
for (const [file, mod] of Object.entries(files)) {
  const lang = file.split('/')[1];
  resources[lang] ??= { translation: {} };
  merge(resources[lang].translation, mod.default);
}

export const LANGUAGE_KEY = 'language';
export const SUPPORTED_LANGUAGES = [
  { code: 'pt', label: 'Português' },
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
] as const;

const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null;

void i18n.use(initReactI18next).init({
  resources,
  lng: stored && stored in resources ? stored : 'pt',
  fallbackLng: 'pt',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function setLanguage(code: string) {
  localStorage.setItem(LANGUAGE_KEY, code);
  void i18n.changeLanguage(code);
  document.documentElement.lang = code === 'pt' ? 'pt-BR' : code;
}

export default i18n;
