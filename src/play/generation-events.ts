import type { IsoDate } from '../daily/calendar.js';
import type { GenerationOutcome } from '../daily/generate.js';
import type { Services } from '../services.js';
import { emit } from './emit-event.js';

/** `puzzles.generated` for each date the cron's run made puzzles of (a run that found them all made says nothing). */
export async function announceGenerated(
  services: Pick<Services, 'webhooks' | 'now'>,
  outcomes: ReadonlyMap<IsoDate, GenerationOutcome>,
): Promise<void> {
  await emit(
    services,
    ...[...outcomes]
      .filter(([, outcome]) => outcome.generated > 0)
      .map(([date, outcome]) => ({
        type: 'puzzles.generated' as const,
        data: { date, generated: outcome.generated, status: outcome.status, failures: outcome.failures },
      })),
  );
}
