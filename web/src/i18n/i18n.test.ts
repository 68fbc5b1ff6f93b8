import { afterEach, describe, expect, test, vi } from 'vitest';
import i18n, { LANGUAGE_KEY, setLanguage } from '.';

afterEach(async () => {
  await setLanguage('pt');
  localStorage.clear();
});

describe('languages load when chosen', () => {
  test('only Portuguese, the default, is there at start', () => {
    expect(i18n.language).toBe('pt');
    expect(i18n.t('users.title')).toBe('Usuários');
    expect(i18n.t('validation.required')).toBe('Obrigatório');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    expect(i18n.hasResourceBundle('es', 'translation')).toBe(false);
  });

  test('choosing English fetches its texts, with the validation messages, and remembers the choice', async () => {
    await setLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('users.title')).toBe('Users');
    expect(i18n.t('validation.required')).toBe('Required');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.hasResourceBundle('es', 'translation')).toBe(false);
  });

  test('Spanish too, and back to Portuguese', async () => {
    await setLanguage('es');
    expect(i18n.t('users.title')).toBe('Usuarios');
    await setLanguage('pt');
    expect(i18n.t('users.title')).toBe('Usuários');
    expect(document.documentElement.lang).toBe('pt-BR');
  });

  test('a text missing from a language falls back to Portuguese', async () => {
    i18n.addResource('pt', 'translation', 'fallbackProbe.onlyInPortuguese', 'Só em português');
    await setLanguage('en');
    expect(i18n.t('fallbackProbe.onlyInPortuguese')).toBe('Só em português');
  });

  test('an unknown language code changes nothing', async () => {
    await setLanguage('xx');
    expect(i18n.language).toBe('pt');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBeNull();
  });
});

describe('a remembered language', () => {
  test('is fetched before the app renders (languageReady), so a reload shows it at once', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'es');
    vi.resetModules();
    const fresh = await import('.');
    await fresh.languageReady;
    expect(fresh.default.language).toBe('es');
    expect(fresh.default.t('users.title')).toBe('Usuarios');
  });
});
