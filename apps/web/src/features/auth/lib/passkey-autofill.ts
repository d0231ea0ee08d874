/**
 * @module Conditional UI: where the browser can (`browserSupportsWebAuthnAutofill`), the sign-in
 * page starts a passkey ceremony (unless passkeys cannot work here: `lib/passkey-availability.ts`) with conditional mediation as it opens, so the e-mail field's
 * autofill offers the passkeys the browser holds; picking one signs in. It is aborted when the page
 * goes (WebAuthnAbortService) and stays silent when it fails or is aborted: the user never asked for
 * it. The "Sign in with a passkey" button stops it first (`takeOver`): simplewebauthn aborts the
 * running ceremony when the next starts, and the button waits for the autofill's options request,
 * since both share the browser's one challenge cookie.
 */
import { browserSupportsWebAuthnAutofill, WebAuthnAbortService } from '@simplewebauthn/browser';
import { useEffect, useRef } from 'react';
import { useAuthClient } from '../../../lib/auth';
import { passkeyUnavailable } from '../../../lib/passkey-availability';
import { finishPasskeySignIn, requestOptions } from '../api/sign-in-passkey';

interface AutofillRun {
  /** Set when the button takes over or the page goes: no ceremony starts after it. */
  stopped: boolean;
  /** Settles once this run's options request has been answered (or was never sent). */
  optionsAsked: Promise<unknown>;
}

async function runAutofill(
  client: ReturnType<typeof useAuthClient>,
  run: AutofillRun,
  after: Promise<unknown>,
  oauthQuery: string | null,
): Promise<{ answer: unknown } | null> {
  await after;
  if (run.stopped || passkeyUnavailable() !== null) return null;
  if (!(await browserSupportsWebAuthnAutofill()) || run.stopped) return null;
  const options = requestOptions(client);
  run.optionsAsked = options.catch(() => undefined);
  const optionsJSON = await options;
  if (run.stopped) return null;
  return { answer: await finishPasskeySignIn(client, optionsJSON, true, oauthQuery) };
}

/**
 * Runs the autofill ceremony while mounted; `round` restarts it (after the button's ceremony ended
 * without signing in). Returns `takeOver`, which stops it and resolves when the button may ask.
 * `oauthQuery`: the authorization request the sign-in resumes (`api/sign-in.ts`).
 */
export function usePasskeyAutofill(
  onSignedIn: (answer: unknown) => void | Promise<void>,
  round: number,
  oauthQuery: string | null = null,
): () => Promise<void> {
  const client = useAuthClient();
  const current = useRef<AutofillRun | null>(null);
  const signedIn = useRef(onSignedIn);
  useEffect(() => {
    signedIn.current = onSignedIn;
  });

  useEffect(() => {
    const previous = current.current?.optionsAsked ?? Promise.resolve();
    const run: AutofillRun = { stopped: false, optionsAsked: previous };
    current.current = run;
    let mounted = true;
    runAutofill(client, run, previous, oauthQuery)
      .then((done) => (done && mounted ? signedIn.current(done.answer) : undefined))
      // A failed, refused or aborted autofill ceremony says nothing.
      .catch(() => undefined);
    return () => {
      mounted = false;
      run.stopped = true;
      WebAuthnAbortService.cancelCeremony();
    };
  }, [client, round, oauthQuery]);

  return async () => {
    const run = current.current;
    if (!run) return;
    run.stopped = true;
    await run.optionsAsked;
  };
}
