/**
 * The e-mails' text in every language of the web app (docs/plugins.md "The e-mails"): one table per locale in
 * `strings/`, `{name}` placeholders filled by `mail-text.ts`. English is the fallback for a locale without a table.
 */

import { ar } from './strings/ar.js';
import { bnIN } from './strings/bn_IN.js';
import { cs } from './strings/cs.js';
import { da } from './strings/da.js';
import { de } from './strings/de.js';
import { en } from './strings/en.js';
import { es } from './strings/es.js';
import { eu } from './strings/eu.js';
import { fa } from './strings/fa.js';
import { fi } from './strings/fi.js';
import { fr } from './strings/fr.js';
import { he } from './strings/he.js';
import { hi } from './strings/hi.js';
import { hr } from './strings/hr.js';
import { id } from './strings/id.js';
import { it } from './strings/it.js';
import { ja } from './strings/ja.js';
import { ko } from './strings/ko.js';
import { lv } from './strings/lv.js';
import { nl } from './strings/nl.js';
import { noStrings } from './strings/no.js';
import { pl } from './strings/pl.js';
import { pt } from './strings/pt.js';
import { ptBR } from './strings/pt_BR.js';
import { ru } from './strings/ru.js';
import { sk } from './strings/sk.js';
import { sl } from './strings/sl.js';
import { sv } from './strings/sv.js';
import { th } from './strings/th.js';
import { tr } from './strings/tr.js';
import { uk } from './strings/uk.js';
import { vi } from './strings/vi.js';
import { zhHans } from './strings/zh-Hans.js';
import { zhHant } from './strings/zh-Hant.js';

export interface MailStrings {
  resetSubject: string;
  resetBody: string;
  inviteSubject: string;
  inviteBody: string;
  inviteBaseSubject: string;
  inviteBaseBody: string;
  baseAccessBody: string;
  verifySubject: string;
  verifyBody: string;
  testSubject: string;
  testBody: string;
  formSubject: string;
  formBody: string;
  /** A webhook's summary lines (docs/webhooks.md "Messages"): one wording for any count. */
  hookAdded: string;
  hookUpdated: string;
  hookDeleted: string;
  hookSent: string;
  hookMore: string;
}

export const MAIL_STRINGS: Record<string, MailStrings> = {
  ar,
  bn_IN: bnIN,
  cs,
  da,
  de,
  en,
  es,
  eu,
  fa,
  fi,
  fr,
  he,
  hi,
  hr,
  id,
  it,
  ja,
  ko,
  lv,
  nl,
  no: noStrings,
  pl,
  pt,
  pt_BR: ptBR,
  ru,
  sk,
  sl,
  sv,
  th,
  tr,
  uk,
  vi,
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
};
