/**
 * @module The notes plugin's options and their defaults, in one frozen object as every plugin's.
 */
export const NOTES_DEFAULTS = Object.freeze({
  /** Notes one user may keep. */
  maxNotesPerUser: 3,
  maxNoteLength: 200,
});

export interface NotesOptions {
  maxNotesPerUser?: number;
}

export interface ResolvedNotesOptions {
  readonly maxNotesPerUser: number;
}

export function resolveNotesOptions(options: NotesOptions): ResolvedNotesOptions {
  return Object.freeze({ maxNotesPerUser: options.maxNotesPerUser ?? NOTES_DEFAULTS.maxNotesPerUser });
}
