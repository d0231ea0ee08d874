/**
 * @module The profile form: name, picture (an uploaded file made small, or a URL; previewed as the
 * avatar; an uploaded one is named "Uploaded picture" instead of being spelled out as a data: URL
 * in the URL field; "Remove picture" empties it, saved as null), username and display username; saving says so in a toast. The username plugin's rules are checked here first (SPEC §5) so most mistakes show
 * as you type; the server's refusals (a taken username) land at the username field too.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { useToast } from '../../../components/toast';
import { UserAvatar } from '../../../components/user-avatar';
import type { ErrorCode } from '../../../lib/auth';
import { requiredNameField, usernameProblem } from '../../../lib/credential-rules';
import { useServerForm } from '../../../lib/use-server-form';
import { useUpdateProfile } from '../api/update-profile';
import { MAX_IMAGE_LENGTH } from '../lib/picture-data-url';
import { FormFooter } from './form-footer';
import { PictureUploadButton } from './picture-upload-button';

/** The username plugin's codes, all about the username field. */
const USERNAME_ERRORS = {
  USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER: 'username',
  USERNAME_IS_TOO_SHORT: 'username',
  USERNAME_IS_TOO_LONG: 'username',
  USERNAME_IS_INVALID: 'username',
} as const satisfies Partial<Record<ErrorCode, 'username'>>;

/**
 * https only: the app's CSP (and any page served over https) blocks http pictures, so one saved
 * would never show. data: images are the form an uploaded picture takes.
 */
export function isImageUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'data:' && url.pathname.startsWith('image/'));
  } catch {
    return false;
  }
}

/** A username cannot be removed once set (the server only replaces it), so then it is required. */
function profileSchema(hasUsername: boolean) {
  return z
    .object({
      name: requiredNameField,
      image: z
        .string()
        .trim()
        .max(MAX_IMAGE_LENGTH)
        .superRefine((value, ctx) => {
          if (value === '' || isImageUrl(value)) return;
          const plainHttp = /^http:/i.test(value);
          ctx.addIssue({ code: 'custom', message: plainHttp ? 'account:profile.imageHttpsOnly' : 'validation.url' });
        }),
      username: z
        .string()
        .trim()
        .superRefine((value, ctx) => {
          const problem = value === '' ? (hasUsername ? 'validation.required' : null) : usernameProblem(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      displayUsername: z.string().trim().max(256),
    })
    .refine((values) => values.displayUsername === '' || values.username !== '', {
      path: ['displayUsername'],
      message: 'account:profile.displayNeedsUsername',
    });
}

type ProfileValues = z.infer<ReturnType<typeof profileSchema>>;

export interface ProfileUser {
  name: string;
  image?: string | null;
  username?: string | null;
  displayUsername?: string | null;
}

export function ProfileForm({ user }: { user: ProfileUser }) {
  const { t } = useTranslation('account');
  const updateProfile = useUpdateProfile();
  const toast = useToast();
  const schema = useMemo(() => profileSchema(Boolean(user.username)), [user.username]);
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: {
      name: user.name,
      image: user.image ?? '',
      username: user.username ?? '',
      displayUsername: user.displayUsername ?? '',
    },
    mutationFn: (values: ProfileValues) => {
      return updateProfile({
        name: values.name,
        image: values.image === '' ? null : values.image,
        ...(values.username !== '' && { username: values.username }),
        ...(values.displayUsername !== '' && { displayUsername: values.displayUsername }),
      });
    },
    onSuccess: (_data, values) => {
      form.reset(values);
      toast({ message: t('common:saved') });
    },
    errorFields: USERNAME_ERRORS,
  });
  const [image, name] = useWatch({ control: form.control, name: ['image', 'name'] });
  const preview = image && isImageUrl(image) ? image : undefined;
  // An uploaded picture is a data: URL of up to 2 KB: meaningless to read and not for editing by hand.
  const uploaded = /^data:/i.test(image ?? '');

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <UserAvatar name={name ?? ''} image={preview} size={64} alt={t('profile.avatarAlt')} />
          {uploaded ? (
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {t('profile.uploaded')}
            </Typography>
          ) : (
            <FormTextField
              control={form.control}
              name="image"
              label={t('profile.image')}
              type="url"
              autoComplete="photo"
              helperText={t('profile.imageHelp')}
            />
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <PictureUploadButton
            onPicture={(dataUrl) => form.setValue('image', dataUrl, { shouldDirty: true, shouldValidate: true })}
          />
          {image && (
            <Button
              variant="outlined"
              size="small"
              color="error"
              onClick={() => form.setValue('image', '', { shouldDirty: true, shouldValidate: true })}
            >
              {t('profile.removePicture')}
            </Button>
          )}
        </Stack>
        <FormTextField control={form.control} name="name" label={t('profile.name')} autoComplete="name" required />
        <FormTextField
          control={form.control}
          name="username"
          label={t('profile.username')}
          autoComplete="username"
          helperText={t('profile.usernameHelp')}
        />
        <FormTextField
          control={form.control}
          name="displayUsername"
          label={t('profile.displayUsername')}
          helperText={t('profile.displayUsernameHelp')}
        />
        <FormFooter serverError={serverError} pending={pending} outcome={null} submitLabel={t('common:save')} />
      </Stack>
    </Box>
  );
}
