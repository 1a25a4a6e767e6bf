/**
 * i18next set up with English bundled as the fallback and every other locale file loaded lazily (a dynamic
 * import per language, so each is its own chunk). Changing language also sets the page direction.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getSettings, updateSettings } from '../session/stored-settings';
import { DEFAULT_LANGUAGE, directionOf, htmlLang, isLanguage, type Language } from './languages';
import en from './locales/en.json';

const loaders = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*.json',
  '!./locales/en.json',
]);

async function loadLocale(lang: Language): Promise<void> {
  if (lang === 'en' || i18next.hasResourceBundle(lang, 'translation')) return;
  const load = loaders[`./locales/${lang}.json`];
  if (!load) return;
  const mod = await load();
  i18next.addResourceBundle(lang, 'translation', mod.default, true, true);
}

function applyDocumentLanguage(lang: Language): void {
  document.documentElement.lang = htmlLang(lang);
  document.documentElement.dir = directionOf(lang);
}

/** Loads the language's file if needed, switches to it, stores the choice and sets `<html lang dir>`. */
export async function changeLanguage(lang: Language): Promise<void> {
  await loadLocale(lang);
  await i18next.changeLanguage(lang);
  updateSettings({ language: lang });
  applyDocumentLanguage(lang);
}

export async function initI18n(): Promise<void> {
  const stored = getSettings().language;
  const lang: Language = isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await changeLanguage(lang);
}

export { i18next };
