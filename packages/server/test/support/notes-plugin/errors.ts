/**
 * @module The notes plugin's error catalogue: its codes join the auth's (`AuthErrorCode`).
 */
import { defineErrors } from '../../../src/plugin';

export const NOTES_ERRORS = defineErrors({
  tooManyNotes: [403, 'You have too many notes'],
});
