/**
 * @module Everything a screen relies on: the auth client, the query cache kept fresh by the
 * client's success events, i18next, the chosen language, the MUI theme that follows it with the
 * chosen color scheme, and the toasts. Tests render screens inside the same providers.
 */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, useColorScheme } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AuthProvider, type AppAuth } from '../lib/auth';
import { createI18n } from '../lib/i18n';
import { LanguageProvider, useLanguage } from '../lib/language-context';
import type { Language } from '../lib/languages';
import { createQueryClient } from '../lib/query-client';
import { watchSessionEnd } from '../lib/session-end';
import { syncQueryCache } from '../lib/sync-query-cache';
import { COLOR_SCHEME_STORAGE_KEY, createAppTheme } from '../lib/theme';
import { ToastProvider } from '../components/toast';
import { STALE_AFTER } from './stale-after';

/** MUI's own rule for `disableTransitionOnChange`: no transition anywhere. */
const NO_TRANSITIONS = '*{transition:none!important}';

/**
 * Transitions held off while the color scheme's class changes. MUI's `disableTransitionOnChange`
 * does it in a passive effect, after the layout effect that switches the class: React runs both
 * before the next paint, Preact (which the build uses) the passive one only after it, so colours
 * faded through unreadable contrasts (axe caught them). This layout effect runs in the same commit,
 * before MUI's (a child's effects run first), and lets transitions back only once the new colours
 * are computed.
 */
function HoldTransitionsOnSchemeChange() {
  const { colorScheme } = useColorScheme();
  useLayoutEffect(() => {
    const style = document.createElement('style');
    style.textContent = NO_TRANSITIONS;
    document.head.appendChild(style);
    const timer = setTimeout(() => {
      window.getComputedStyle(document.body);
      style.remove();
    }, 1);
    return () => {
      clearTimeout(timer);
      style.remove();
    };
  }, [colorScheme]);
  return null;
}

function Themed({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  const theme = useMemo(() => createAppTheme(language), [language]);
  return (
    // noSsr: the remembered or system scheme is read before the first paint, so a dark-mode user
    // never sees a flash of the light page.
    <ThemeProvider
      theme={theme}
      defaultMode="system"
      modeStorageKey={COLOR_SCHEME_STORAGE_KEY}
      noSsr
      // Colours change at once: fading ones would pass through unreadable contrasts.
      disableTransitionOnChange
    >
      <HoldTransitionsOnSchemeChange />
      <CssBaseline />
      <ToastProvider>{children}</ToastProvider>
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
