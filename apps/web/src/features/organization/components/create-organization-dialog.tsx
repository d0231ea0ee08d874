/**
 * @module The "new organization" dialog: name, slug (proposed from the name until the user edits
 * it, and checked while typing), optional logo. A slug taken by then is shown at the slug field,
 * whether the check saw it first or the server refused it on submit.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useServerForm } from '../../../lib/use-server-form';
import { useSlugCheck } from '../api/check-slug';
import { useCreateOrganization } from '../api/create-organization';
import { isLogoUrl } from '../lib/logo-url';
import { SLUG_PATTERN, slugify } from '../lib/slug';
import { LogoField } from './logo-field';
import { SlugField } from './slug-field';

const schema = z.object({
  name: z.string().trim().min(1, 'validation.required'),
  slug: z.string().regex(SLUG_PATTERN, 'validation.slug'),
  logo: z.string().trim().refine(isLogoUrl, 'validation.url'),
});

export interface CreateOrganizationDialogProps {
  open: boolean;
  onClose(): void;
  onCreated(organization: { id: string; name: string; slug: string }): void;
}

export function CreateOrganizationDialog({ open, onClose, onCreated }: CreateOrganizationDialogProps) {
  const { t } = useTranslation('organization');
  const { t: common } = useTranslation();
  const titleId = useId();
  const create = useCreateOrganization();
  // Once the user types a slug of their own, the name stops proposing one.
  const slugEdited = useRef(false);
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { name: '', slug: '', logo: '' },
    mutationFn: create,
    // The check can be beaten by a parallel create: the server's answer goes to the same field.
    errorFields: { SLUG_IS_TAKEN: 'slug', ORGANIZATION_ALREADY_EXISTS: 'slug' },
    onSuccess: (organization) => onCreated(organization),
  });
  const slug = useWatch({ control: form.control, name: 'slug' });
  const status = useSlugCheck(slug);

  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name !== 'name' || slugEdited.current) return;
      form.setValue('slug', slugify(values.name ?? ''), { shouldValidate: form.getFieldState('slug').isTouched });
    });
    return () => subscription.unsubscribe();
  }, [form]);

  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{t('create.title')}</DialogTitle>
        <DialogContent>
          <FormTextField
            control={form.control}
            name="name"
            label={t('fields.name')}
            autoFocus
            required
            autoComplete="organization"
          />
          <SlugField
            control={form.control}
            name="slug"
            status={status}
            onUserInput={(value) => {
              slugEdited.current = value !== '';
            }}
          />
          <LogoField control={form.control} name="logo" />
          <ServerError error={serverError} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {common('cancel')}
          </Button>
          <SubmitButton pending={pending}>{t('create.submit')}</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
