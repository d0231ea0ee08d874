/**
 * @module The strength meter's one way to the estimator: a dynamic import, so that the bundler
 * puts zxcvbn and its dictionary in a chunk of their own, loaded once by the first screen that
 * sets a password.
 */
import type { estimatePassword } from './password-estimator';

export type EstimatePassword = typeof estimatePassword;

let loading: Promise<EstimatePassword> | undefined;

export function loadPasswordEstimator(): Promise<EstimatePassword> {
  loading ??= import('./password-estimator').then(
    (module) => module.estimatePassword,
    (error: unknown) => {
      // A failed chunk load (an upgrade replaced it) may succeed on the next screen.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
