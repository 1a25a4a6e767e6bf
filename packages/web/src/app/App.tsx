/** The root component: theme, direction and antd locale, the query client, and the hash router. */
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { ANTD_LOCALES } from '../i18n/antd-locales';
import { directionOf, isLanguage } from '../i18n/languages';
import { themeColours } from '../theme/colours';
import { queryClient } from './query-client';
import { routes } from './routes';

const router = createHashRouter(routes);

/** Direction and antd locale follow the i18next language. */
function useLanguageSettings(): { direction: 'rtl' | 'ltr'; locale: Locale | undefined } {
  const { i18n } = useTranslation();
  const [lang, setLang] = useState(i18n.language);
  const [locale, setLocale] = useState<Locale>();
  useEffect(() => {
    const onChange = (next: string) => setLang(next);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);
  useEffect(() => {
    if (!isLanguage(lang)) return;
    let live = true;
    void ANTD_LOCALES[lang]().then((mod) => live && setLocale(mod.default));
    return () => {
      live = false;
    };
  }, [lang]);
  return { direction: directionOf(lang), locale };
}

export function App() {
  const { direction, locale } = useLanguageSettings();
  const { primary, accent } = themeColours(null);
  return (
    <ConfigProvider
      direction={direction}
      locale={locale}
      theme={{ token: { colorPrimary: primary, colorLink: primary } }}
    >
      <div style={{ '--rb-primary': primary, '--rb-accent': accent } as CSSProperties}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </div>
    </ConfigProvider>
  );
}
