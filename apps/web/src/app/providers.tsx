/**
 * @module Everything a screen relies on: the auth client, the query cache kept fresh by the
 * client's success events, i18next, the chosen language and the MUI theme that follows it. Tests
 * render screens inside the same providers.
 */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AuthProvider, type AppAuth } from '../lib/auth';
import { createI18n } from '../lib/i18n';
import { LanguageProvider, useLanguage } from '../lib/language-context';
import type { Language } from '../lib/languages';
import { createQueryClient } from '../lib/query-client';
import { watchSessionEnd } from '../lib/session-end';
import { syncQueryCache } from '../lib/sync-query-cache';
import { createAppTheme } from '../lib/theme';
import { STALE_AFTER } from './stale-after';

function Themed({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  const theme = useMemo(() => createAppTheme(language), [language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export function AppProviders({ auth, language, children }: { auth: AppAuth; language: Language; children: ReactNode }) {
  const [i18n] = useState(() => createI18n(language));
  const [queryClient] = useState(createQueryClient);
  useEffect(() => syncQueryCache(auth.client, queryClient, STALE_AFTER), [auth.client, queryClient]);
  useEffect(() => watchSessionEnd(auth, queryClient), [auth, queryClient]);
  return (
    <AuthProvider auth={auth}>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <LanguageProvider i18n={i18n} initial={language}>
            <Themed>{children}</Themed>
          </LanguageProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </AuthProvider>
  );
}
