/**
 * @module How long a ban lasts: a few usual durations, for good, or until a chosen moment. The
 * server takes seconds from now (banExpiresIn); absent, the ban has no end.
 */
export const BAN_DURATIONS = {
  never: undefined,
  hour: 3600,
  day: 86_400,
  week: 604_800,
  month: 2_592_000,
  until: undefined,
} as const;
export type BanDuration = keyof typeof BAN_DURATIONS;

/** `until` is a datetime-local value, read in the admin's own time zone. */
export function banExpiresIn(duration: BanDuration, until: string, now = Date.now()): number | undefined {
  if (duration !== 'until') return BAN_DURATIONS[duration];
  return Math.ceil((new Date(until).getTime() - now) / 1000);
}
