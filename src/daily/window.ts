import { answersPublicAt, areAnswersPublic, type IsoDate, isPlayable, parseIsoDate } from './calendar.js';

export type DateVerdict =
  | { ok: true; date: IsoDate }
  | { ok: false; reason: 'malformed' | 'before_archive' | 'not_yet_playable' };

/** Whether a requested date can be played now: a real date, inside the archive, already begun somewhere. */
export function judgeDate(text: string, firstDay: string, now: Date): DateVerdict {
  const date = parseIsoDate(text);
  if (!date) return { ok: false, reason: 'malformed' };
  if (date < firstDay) return { ok: false, reason: 'before_archive' };
  if (!isPlayable(date, now)) return { ok: false, reason: 'not_yet_playable' };
  return { ok: true, date };
}

export type AnswerVerdict = { ok: true } | { ok: false; reason: 'embargoed'; availableAt: string };

/** Whether a date's answers may be shown now: once the date has ended everywhere on Earth (UTC−12). */
export function judgeAnswers(date: IsoDate, now: Date): AnswerVerdict {
  if (areAnswersPublic(date, now)) return { ok: true };
  return { ok: false, reason: 'embargoed', availableAt: answersPublicAt(date).toISOString() };
}
