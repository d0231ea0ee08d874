/**
 * @module `/sign-up`: the form, then "check your mail"; or an account made by a provider, whose
 * callback lands on the account page. A user already signed in is not sent away here: after
 * sign-up the session exists too, and the page must still say what comes next.
 */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CardPage } from '../../../components/page';
import { useSession } from '../../../lib/auth';
import { CheckYourMail } from './check-your-mail';
import { SignUpForm, type SignedUp } from './sign-up-form';
import { SocialSignIn } from './social-sign-in';

export function SignUpPage() {
  const { t } = useTranslation('auth');
  const { refetch } = useSession();
  const [signedUp, setSignedUp] = useState<SignedUp | null>(null);

  if (signedUp) {
    return (
      <CardPage title={t('checkMail.title')}>
        <CheckYourMail {...signedUp} />
      </CardPage>
    );
  }
  return (
    <CardPage title={t('signUp.title')}>
      <SocialSignIn returnTo="/account" signUp />
      <SignUpForm
        onSignedUp={async (result) => {
          // The account page behind "continue" must see the new session, not the old "signed out".
          if (result.signedIn) await refetch();
          setSignedUp(result);
        }}
      />
      <Typography variant="body2" sx={{ mt: 3 }}>
        {t('signUp.haveAccount')}{' '}
        <Link component={RouterLink} to="/sign-in">
          {t('signUp.signInLink')}
        </Link>
      </Typography>
    </CardPage>
  );
}
