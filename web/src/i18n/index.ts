import { LANGUAGES, type Language } from '@chatflow/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import ptAreas from './bundles/pt';
import { type Tree, translationOf } from './texts';

/**
 * Texts live in i18n/<lang>/<area>.json, one file per feature area; every file is picked up by its
 * language's bundle (i18n/bundles/<lang>.ts), so a feature adds its texts without editing this file.
 * Portuguese, the default and the fallback, ships with the app; another language is fetched as one
 * file when it is chosen (or was chosen before a reload), so nobody downloads three languages.
 */
const otherBundles = import.meta.glob<{ default: Record<string, Tree> }>(['./bundles/*.ts', '!./bundles/pt.ts']);
const bundleOf = (lang: Language) => otherBundles[`./bundles/${lang}.ts`];

export const LANGUAGE_KEY = 'language';
export const DEFAULT_LANGUAGE: Language = 'pt';
export const SUPPORTED_LANGUAGES = [
  { code: 'pt', label: 'Português' },
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
] as const;

const isLanguage = (code: string | null): code is Language => !!code && (LANGUAGES as readonly string[]).includes(code);

void i18n.use(initReactI18next).init({
  resources: { pt: { translation: translationOf('pt', ptAreas) } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  // Languages other than pt are added when fetched; i18next must not treat the list as complete.
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Fetches a language's texts once; the default language is always there. */
export async function loadLanguage(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  const load = bundleOf(lang);
  if (!load) return;
  const { default: areas } = await load();
  i18n.addResourceBundle(lang, 'translation', translationOf(lang, areas), true, true);
}

async function showLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang === 'pt' ? 'pt-BR' : lang;
}

/**
 * The language menu: remembered for the next visit, shown as soon as its texts have arrived. If they
 * cannot be fetched (offline), the screen stays in the language it was in; the promise never rejects.
 */
export async function setLanguage(code: string): Promise<void> {
  if (!isLanguage(code)) return;
  localStorage.setItem(LANGUAGE_KEY, code);
  await showLanguage(code).catch((err) => console.error(`could not load the ${code} texts`, err));
}

/**
 * The remembered language, ready before the first render (main.tsx waits for it) so a reload never
 * flashes Portuguese. A failed fetch leaves the app in Portuguese rather than blank.
 */
function restoreLanguage(): Promise<void> {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null;
  if (!isLanguage(stored) || stored === DEFAULT_LANGUAGE) return Promise.resolve();
  return showLanguage(stored).catch((err) => console.error(`could not load the ${stored} texts`, err));
}
export const languageReady = restoreLanguage();

export default i18n;
