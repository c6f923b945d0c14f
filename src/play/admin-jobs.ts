import type { IsoDate } from '../daily/calendar.js';
import { type GenerationOutcome, generateDate } from '../daily/generate.js';
import { recordAdminAction } from '../db/moderation.js';
import type { Services } from '../services.js';
import { type BenchmarkUpdate, calibrateBenchmarks } from './calibrate-benchmarks.js';

// The cron's jobs run by an admin on demand, each written to the audit log with what it did.

export async function generateDateNow(services: Services, date: IsoDate): Promise<GenerationOutcome> {
  const outcome = await generateDate(
    {
      db: services.db,
      salt: services.config.puzzleSalt,
      now: services.now,
      boardShards: services.config.boardShards,
    },
    date,
    'admin',
  );
  await recordAdminAction(services.db, {
    at: services.now().toISOString(),
    action: 'generate',
    target: date,
    reason: null,
    details: { status: outcome.status, generated: outcome.generated },
  });
  return outcome;
}

export async function calibrateNow(services: Services): Promise<BenchmarkUpdate[]> {
  const updates = await calibrateBenchmarks(services.db, services.now(), services.config);
  await recordAdminAction(services.db, {
    at: services.now().toISOString(),
    action: 'calibrate',
    target: 'benchmarks',
    reason: null,
    details: { changed: updates.length },
  });
  return updates;
}
