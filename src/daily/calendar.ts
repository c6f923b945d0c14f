/**
 * Puzzle days are calendar dates. A date is playable once it has begun somewhere on Earth (UTC+14) and its
 * answers are public once it has ended everywhere (UTC−12).
 */

declare const isoDateBrand: unique symbol;
/** A valid calendar date written YYYY-MM-DD. */
export type IsoDate = string & { readonly [isoDateBrand]: true };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The earliest time zone on Earth (Line Islands) starts each date 14 hours before UTC. */
const EARLIEST_OFFSET_MS = 14 * HOUR_MS;
/** The latest (Baker Island, UTC−12) ends it 12 hours after UTC. */
const LATEST_OFFSET_MS = 12 * HOUR_MS;

export function parseIsoDate(text: string): IsoDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    return null;
  }
  return text as IsoDate;
}

function startUtcMs(date: IsoDate): number {
  return Date.parse(`${date}T00:00:00Z`);
}

function dateOfUtcMs(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10) as IsoDate;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return dateOfUtcMs(startUtcMs(date) + days * DAY_MS);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((startUtcMs(b) - startUtcMs(a)) / DAY_MS);
}

export function utcDate(now: Date): IsoDate {
  return dateOfUtcMs(now.getTime());
}

export function isTimeZone(tz: string): boolean {
  return canonicalTimeZone(tz) !== null;
}

/** The IANA name as the runtime spells it (`europe/paris` → `Europe/Paris`), or null for no zone. */
export function canonicalTimeZone(tz: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * One formatter per time zone for the isolate's life: making one costs more CPU than the rest of a ranked
 * submission's date work (12 % of the Worker's CPU under the http bench's load when made per call).
 */
export function formatterPerZone(options: Intl.DateTimeFormatOptions, locale: string) {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (tz: string): Intl.DateTimeFormat => {
    let format = formats.get(tz);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: tz });
      formats.set(tz, format);
    }
    return format;
  };
}

const dateFormat = formatterPerZone({ year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA');

/**
 * Per time zone, the last minute of UTC asked and its date there. Every zone's offset today is a whole number of
 * minutes, so a date can only change on a minute's start: the answer holds for the whole minute, and
 * formatting (most of a ranked submission's date work) runs once a minute per zone, not twice a request.
 */
const lastAsked = new Map<string, { minute: number; date: IsoDate }>();

/** The calendar date at `now` in an IANA time zone; the caller has checked `isTimeZone(tz)`. */
export function dateInTimeZone(now: Date, tz: string): IsoDate {
  const minute = Math.floor(now.getTime() / 60_000);
  const known = lastAsked.get(tz);
  if (known?.minute === minute) return known.date;
  const date = formattedDate(now, tz);
  lastAsked.set(tz, { minute, date });
  return date;
}

function formattedDate(now: Date, tz: string): IsoDate {
  const parts = dateFormat(tz).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}` as IsoDate;
}

export function playableFrom(date: IsoDate): Date {
  return new Date(startUtcMs(date) - EARLIEST_OFFSET_MS);
}

export function answersPublicAt(date: IsoDate): Date {
  return new Date(startUtcMs(date) + DAY_MS + LATEST_OFFSET_MS);
}

export function isPlayable(date: IsoDate, now: Date): boolean {
  return now.getTime() >= playableFrom(date).getTime();
}

export function areAnswersPublic(date: IsoDate, now: Date): boolean {
  return now.getTime() >= answersPublicAt(date).getTime();
}

/** The dates played for rank now: begun somewhere on Earth, answers not yet public anywhere (at most three). */
export function liveDates(now: Date): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let date = latestPlayableDate(now); !areAnswersPublic(date, now); date = addDays(date, -1)) {
    dates.push(date);
  }
  return dates;
}

/** The newest date that has begun somewhere on Earth. */
export function latestPlayableDate(now: Date): IsoDate {
  return dateOfUtcMs(now.getTime() + EARLIEST_OFFSET_MS);
}
