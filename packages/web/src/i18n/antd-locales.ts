/**
 * antd's own texts (empty tables, date pickers, pagination) in the chosen language: one lazily loaded antd locale
 * per language of docs/behaviour/web-app.md#languages (antd has no bn_IN or plain no: bn_BD and nb_NO are the nearest).
 */
import type { Locale } from 'antd/es/locale';
import type { Language } from './languages';

type Loader = () => Promise<{ default: Locale }>;

export const ANTD_LOCALES: Record<Language, Loader> = {
  ar: () => import('antd/es/locale/ar_EG'),
  bn_IN: () => import('antd/es/locale/bn_BD'),
  cs: () => import('antd/es/locale/cs_CZ'),
  da: () => import('antd/es/locale/da_DK'),
  de: () => import('antd/es/locale/de_DE'),
  en: () => import('antd/es/locale/en_US'),
  es: () => import('antd/es/locale/es_ES'),
  eu: () => import('antd/es/locale/eu_ES'),
  fa: () => import('antd/es/locale/fa_IR'),
  fi: () => import('antd/es/locale/fi_FI'),
  fr: () => import('antd/es/locale/fr_FR'),
  he: () => import('antd/es/locale/he_IL'),
  hi: () => import('antd/es/locale/hi_IN'),
  hr: () => import('antd/es/locale/hr_HR'),
  id: () => import('antd/es/locale/id_ID'),
  it: () => import('antd/es/locale/it_IT'),
  ja: () => import('antd/es/locale/ja_JP'),
  ko: () => import('antd/es/locale/ko_KR'),
  lv: () => import('antd/es/locale/lv_LV'),
  nl: () => import('antd/es/locale/nl_NL'),
  no: () => import('antd/es/locale/nb_NO'),
  pl: () => import('antd/es/locale/pl_PL'),
  pt: () => import('antd/es/locale/pt_PT'),
  pt_BR: () => import('antd/es/locale/pt_BR'),
  ru: () => import('antd/es/locale/ru_RU'),
  sk: () => import('antd/es/locale/sk_SK'),
  sl: () => import('antd/es/locale/sl_SI'),
  sv: () => import('antd/es/locale/sv_SE'),
  th: () => import('antd/es/locale/th_TH'),
  tr: () => import('antd/es/locale/tr_TR'),
  uk: () => import('antd/es/locale/uk_UA'),
  vi: () => import('antd/es/locale/vi_VN'),
  'zh-Hans': () => import('antd/es/locale/zh_CN'),
  'zh-Hant': () => import('antd/es/locale/zh_TW'),
};
