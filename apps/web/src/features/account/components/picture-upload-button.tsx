/**
 * @module "Upload a picture": a chosen image file becomes a small data: URL (lib/picture-data-url)
 * handed to the profile form, which shows it and saves it with the profile.
 */
import Button from '@mui/material/Button';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast';
import { pictureDataUrl } from '../lib/picture-data-url';

export function PictureUploadButton({ onPicture }: { onPicture(dataUrl: string): void }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      {/* A plain button opens the hidden file input: a label styled as a button would be a
          control inside a control for assistive technology. */}
      <Button
        variant="outlined"
        size="small"
        disabled={busy}
        onClick={() => input.current?.click()}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('pictureUpload.choose')}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="picture-file"
        onChange={async (event) => {
          const field = event.currentTarget;
          const file = field.files?.[0];
          // Cleared so that choosing the same file again still counts as a change.
          field.value = '';
          if (!file) return;
          setBusy(true);
          try {
            onPicture(await pictureDataUrl(file));
            toast({ severity: 'info', message: t('pictureUpload.ready') });
          } catch {
            toast({ severity: 'error', message: t('pictureUpload.failed') });
          } finally {
            setBusy(false);
          }
        }}
      />
    </>
  );
}
