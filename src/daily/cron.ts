import { addDays, type IsoDate, utcDate } from './calendar.js';
import { type GenerationContext, type GenerationOutcome, generateDate } from './generate.js';

/**
 * The daily cron: makes today (UTC) and the next `daysAhead` days, so every date exists before it becomes
 * playable at UTC+14. Running it twice changes nothing but the log. It takes `daysAhead` (config.ts's) as
 * a number: config.ts imports daily/ for its shard bound, so daily/ names nothing of config.ts.
 */
export async function runDailyCron(
  ctx: GenerationContext,
  config: { daysAhead: number },
): Promise<Map<IsoDate, GenerationOutcome>> {
  const today = utcDate(ctx.now());
  const outcomes = new Map<IsoDate, GenerationOutcome>();
  for (let offset = 0; offset <= config.daysAhead; offset++) {
    const date = addDays(today, offset);
    outcomes.set(date, await generateDate(ctx, date, 'cron'));
  }
  return outcomes;
}
