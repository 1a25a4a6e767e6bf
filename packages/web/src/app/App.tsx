/** The root component: theme and direction, the query client, and the hash router. */
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { directionOf } from '../i18n/languages';
import { themeColours } from '../theme/colours';
import { queryClient } from './query-client';
import { routes } from './routes';

const router = createHashRouter(routes);

function useDirection(): 'rtl' | 'ltr' {
  const { i18n } = useTranslation();
  const [dir, setDir] = useState(directionOf(i18n.language));
  useEffect(() => {
    const onChange = (lang: string) => setDir(directionOf(lang));
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);
  return dir;
}

export function App() {
  const direction = useDirection();
  const { primary, accent } = themeColours(null);
  return (
    <ConfigProvider direction={direction} theme={{ token: { colorPrimary: primary, colorLink: primary } }}>
      <div style={{ '--rb-primary': primary, '--rb-accent': accent } as React.CSSProperties}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </div>
    </ConfigProvider>
  );
}
