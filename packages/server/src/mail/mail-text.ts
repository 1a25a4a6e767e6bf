/**
 * Picks the e-mail language and fills in the texts of `mail-strings.ts`. The language is the recipient's as
 * far as the server knows it: the `Accept-Language` of the request that caused the message (the web app sends
 * its chosen language there). See docs/plugins.md "The e-mails".
 */
import { MAIL_STRINGS, type MailStrings } from './mail-strings.js';

const BY_LOWER = new Map(Object.keys(MAIL_STRINGS).map((k) => [k.toLowerCase().replace('_', '-'), k]));

/**
 * The best locale of ours for an `Accept-Language` value (`pt-BR,pt;q=0.9`, the web app's `pt_BR`), else 'en'.
 * @example mailLocaleOf('de-CH,de;q=0.9,en;q=0.5') // 'de'
 */
export function mailLocaleOf(acceptLanguage: string | undefined | null): string {
  if (!acceptLanguage) return 'en';
  const wanted = acceptLanguage
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: (tag ?? '').trim().toLowerCase().replace('_', '-'), q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((w) => w.tag && w.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of wanted) {
    const exact = BY_LOWER.get(tag);
    if (exact) return exact;
    // Chinese: the script decides (zh-TW and zh-HK write traditional characters).
    if (tag.startsWith('zh')) return /hant|tw|hk|mo/.test(tag) ? 'zh-Hant' : 'zh-Hans';
    const primary = BY_LOWER.get(tag.split('-')[0]!);
    if (primary) return primary;
    if (tag.startsWith('bn')) return 'bn_IN';
    if (tag === 'nb' || tag === 'nn' || tag.startsWith('nb-') || tag.startsWith('nn-')) return 'no';
  }
  return 'en';
}

/** One text in a locale with its `{name}` placeholders filled. */
export function mailText(locale: string, key: keyof MailStrings, vars: Record<string, string> = {}): string {
  const table = MAIL_STRINGS[locale] ?? MAIL_STRINGS.en!;
  return table[key].replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}
