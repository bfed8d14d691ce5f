import { createStore, readStored, useStore, writeStored } from './store.ts';
import { MESSAGES, type Lang, type MessageKey } from './i18n-messages.ts';
import { format } from './text-format.ts';

export type { Lang, MessageKey };

const LANG_KEY = 'shop.lang';
const isLang = (value: unknown): value is Lang => value === 'en' || value === 'th';

function initialLang(): Lang {
  const asked = new URLSearchParams(window.location.search).get('lang');
  if (isLang(asked)) return asked;
  return readStored(window.localStorage, LANG_KEY, isLang) ?? (document.documentElement.lang === 'th' ? 'th' : 'en');
}

export const langStore = createStore<Lang>(initialLang());
document.documentElement.lang = langStore.get();
langStore.subscribe((lang) => {
  writeStored(window.localStorage, LANG_KEY, lang);
  document.documentElement.lang = lang;
});

export function translate(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  return format(MESSAGES[lang][key], params);
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** The current language and its translate function; components re-render on a switch. */
export function useLang(): { lang: Lang; t: Translate } {
  const lang = useStore(langStore);
  return { lang, t: (key, params) => translate(lang, key, params) };
}
