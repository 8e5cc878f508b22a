import i18next, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Catalogue } from '../locales/es';
import { esCore } from '../locales/es-core';

/**
 * i18next with the Spanish (default) and English catalogues. The choice is kept in localStorage as `locale`; the API
 * client sends it as Accept-Language so the server's messages come in the same language. Spanish is in the app's
 * bundle; English is a chunk of its own, fetched when it is the stored language (before the first render, see
 * `i18nReady`) or chosen: every page of a Spanish plant loads one catalogue, not two. Of the Spanish one the first
 * bundle holds the login page's and the shell's texts (`es-core.ts`); the pages' texts come with their code
 * (`lib/page-messages.ts`).
 */
export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'locale';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function setDocumentLanguage(language: string): void {
  if (globalThis.document) document.documentElement.lang = language;
}

function storedLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : 'es';
  } catch {
    return 'es';
  }
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  // A copy: i18next merges the pages' texts into the object it holds (lib/page-messages.ts), not into es-core's own.
  resources: { es: { translation: { ...esCore } } },
  lng: storedLanguage(),
  fallbackLng: 'es',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
setDocumentLanguage(i18n.language);

/** Each language's catalogue as first loaded (Spanish: its first part, which init already holds). */
const catalogues: Record<Language, () => Promise<object>> = {
  es: () => Promise.resolve(esCore),
  en: () => import('../locales/en').then((module) => module.en),
};

/** Makes `language`'s catalogue available (fetching English the first time). */
export async function loadLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) i18n.addResourceBundle(language, 'translation', await catalogues[language]());
}

/** Settles once the stored language's catalogue is there: the app renders after it, so it never shows the other language first. */
export const i18nReady: Promise<void> = loadLanguage(currentLanguageOf(i18n.language)).then(
  () => undefined,
  () => undefined,
);

function currentLanguageOf(language: string): Language {
  return isLanguage(language) ? language : 'es';
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'es';
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, language);
  } catch {
    // Not persisted; the switch still applies to this page.
  }
  await loadLanguage(language);
  setDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

/** A key of the catalogues ('login.title', 'configuration.tabs.users', …): typed, so a typo fails the type check. */
export type MessageKey = ParseKeys;
