/**
 * @module Everything a screen relies on: the auth client, TanStack Query, i18next, the chosen
 * language and the MUI theme that follows it. Tests render screens inside the same providers.
 */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AuthProvider, useSession, type AppAuth } from '../lib/auth';
import { createI18n } from '../lib/i18n';
import { LanguageProvider, useLanguage } from '../lib/language-context';
import type { Language } from '../lib/languages';
import { createAppTheme } from '../lib/theme';

export function createQueryClient(): QueryClient {
  // The auth server is the source of truth: no retries that would repeat a refused action, and
  // lists reload when the window regains focus, as the session hooks do.
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 5_000 }, mutations: { retry: false } },
  });
}

/**
 * When the browser starts acting as someone else (sign-out, another sign-in, impersonation and
 * its end), every answer cached for the previous identity is dropped, and the screens on view
 * load theirs again: one user's lists must never be shown to the next.
 */
function ForgetDataOnIdentityChange() {
  const { data, isPending } = useSession();
  const queryClient = useQueryClient();
  const identity = isPending ? undefined : data ? `${data.user.id}/${data.session.impersonatedBy ?? ''}` : '';
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (identity === undefined) return;
    if (previous.current !== undefined && previous.current !== identity) void queryClient.resetQueries();
    previous.current = identity;
  }, [identity, queryClient]);
  return null;
}

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
  return (
    <AuthProvider auth={auth}>
      <QueryClientProvider client={queryClient}>
        <ForgetDataOnIdentityChange />
        <I18nextProvider i18n={i18n}>
          <LanguageProvider i18n={i18n} initial={language}>
            <Themed>{children}</Themed>
          </LanguageProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </AuthProvider>
  );
}
