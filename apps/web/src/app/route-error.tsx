/**
 * @module What a screen shows when it fails to load or throws while rendering, below the header.
 * A chunk that fails to load (the app was upgraded while the tab was open) reloads the page once
 * (lib/chunk-reload.ts); only if that did not help, or for any other error, the error is shown with
 * a way to reload.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from '../lib/router';
import { Page } from '../components/page';
import { chunkReloader, isChunkLoadError } from '../lib/chunk-reload';
import { Loading } from './guards';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const reload = chunk && chunkReloader.mayReload();
  useEffect(() => {
    if (reload) chunkReloader.reloadOnce();
  }, [reload]);
  if (reload) return <Loading />;
  return (
    <Page title={t('routeError.title')}>
      <Alert
        severity="error"
        role="alert"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" onClick={() => globalThis.location.reload()}>
            {t('routeError.reload')}
          </Button>
        }
      >
        {t(chunk ? 'routeError.chunk' : 'routeError.unexpected')}
      </Alert>
    </Page>
  );
}
