/**
 * @module The Settings section: name, slug (checked while typing, its own slug excepted), logo
 * and metadata (a JSON object). Members whose role may not update the organization see the
 * values read-only.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast';
import { useServerForm } from '../../../lib/use-server-form';
import { useSlugCheck } from '../api/check-slug';
import { useUpdateOrganization } from '../api/update-organization';
import { isLogoUrl } from '../lib/logo-url';
import { isMetadataText, metadataText, parseMetadata } from '../lib/metadata-text';
import { organizationPath } from '../lib/organization-path';
import { SLUG_PATTERN } from '../lib/slug';
import type { SectionProps } from './section-props';
import { LogoField } from './logo-field';
import { SlugField } from './slug-field';

const schema = z.object({
  name: z.string().trim().min(1, 'validation.required'),
  slug: z.string().regex(SLUG_PATTERN, 'validation.slug'),
  logo: z.string().trim().refine(isLogoUrl, 'validation.url'),
  metadata: z.string().refine(isMetadataText, 'validation.json'),
});

export function OrganizationSettings({ organization, abilities }: SectionProps) {
  const { t } = useTranslation('organization');
  const update = useUpdateOrganization(organization.id);
  const toast = useToast();
  const navigate = useNavigate();
  const readOnly = !abilities.updateOrganization;
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: {
      name: organization.name,
      slug: organization.slug,
      logo: organization.logo ?? '',
      metadata: metadataText(organization.metadata),
    },
    mutationFn: (values) =>
      update({
        name: values.name,
        slug: values.slug,
        logo: values.logo || null,
        metadata: parseMetadata(values.metadata) ?? null,
      }),
    errorFields: { SLUG_IS_TAKEN: 'slug', ORGANIZATION_ALREADY_EXISTS: 'slug' },
    onSuccess: (_data, values) => {
      form.reset(values);
      // The address names the organization by its slug: a new slug takes the page along.
      if (values.slug !== organization.slug) void navigate(organizationPath(values), { replace: true });
      toast({ message: t('settings.saved') });
    },
  });
  const slug = useWatch({ control: form.control, name: 'slug' });
  const status = useSlugCheck(slug, organization.slug);

  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ maxWidth: 560 }}>
      {readOnly && <Alert severity="info">{t('settings.readOnly')}</Alert>}
      <FormTextField control={form.control} name="name" label={t('fields.name')} disabled={readOnly} required />
      <SlugField control={form.control} name="slug" status={readOnly ? 'idle' : status} disabled={readOnly} />
      <LogoField control={form.control} name="logo" disabled={readOnly} />
      <FormTextField
        control={form.control}
        name="metadata"
        label={t('fields.metadata')}
        helperText={t('fields.metadataHelp')}
        disabled={readOnly}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <ServerError error={serverError} />
      {!readOnly && (
        <SubmitButton pending={pending} sx={{ mt: 1 }}>
          {t('common:save')}
        </SubmitButton>
      )}
    </Box>
  );
}
