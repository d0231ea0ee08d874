/**
 * @module zxcvbn-ts with its common-words dictionary (40 000 passwords, keyboard graphs), bundled:
 * nothing is fetched at run time. About 500 KB, so it is never imported statically; the strength
 * meter loads this module on first use (`loadPasswordEstimator`), and the sign-in page, which sets
 * no password, never does.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** The verdict on one password; the reasons are zxcvbn's feedback keys, translated by the meter. */
export interface PasswordEstimate {
  score: PasswordScore;
  /** Why it is weak (`common`, `straightRow`…), when zxcvbn names a reason. */
  warning: string | null;
  /** How to do better (`anotherWord`, `capitalization`…). */
  suggestions: string[];
}

/** Without `translations` zxcvbn answers its feedback keys, which the app translates itself. */
const factory = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/** `userInputs`: what the form already knows (name, e-mail), which a password should not repeat. */
export function estimatePassword(password: string, userInputs: readonly string[] = []): PasswordEstimate {
  const { score, feedback } = factory.check(password, [...userInputs]);
  return { score, warning: feedback.warning || null, suggestions: feedback.suggestions };
}
