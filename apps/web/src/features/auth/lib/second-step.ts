/**
 * @module How the sign-in hands over to its second step (`/sign-in/two-factor`): the step's address
 * and the methods the server offers. Apart from the step's screen, so that the sign-in page, which
 * every cold visit loads, does not carry that screen's code.
 */

export const TWO_FACTOR_PATH = '/sign-in/two-factor';

/** The second step's address, keeping where the sign-in leads on to. */
export function twoFactorPath(returnTo: string): string {
  return returnTo ? `${TWO_FACTOR_PATH}?redirectTo=${encodeURIComponent(returnTo)}` : TWO_FACTOR_PATH;
}

export interface SecondStepState {
  twoFactorMethods: string[];
}

/** What the sign-in page hands over: the methods the server offers. */
export function secondStepState(methods: string[] | undefined): SecondStepState {
  return { twoFactorMethods: methods ?? ['totp', 'otp'] };
}

/**
 * A sign-in a redirect flow left held for its second step (a provider's callback, a verification
 * link): the server says so in the landing address, `?twoFactorRedirect=true&twoFactorMethods=…`.
 */
export function heldSignInOf(params: URLSearchParams): SecondStepState | null {
  if (params.get('twoFactorRedirect') !== 'true') return null;
  const methods = params.get('twoFactorMethods')?.split(',').filter(Boolean);
  return secondStepState(methods?.length ? methods : undefined);
}
