import type { IsoDate } from '../daily/calendar.js';
import { type GenerationOutcome, generateDate } from '../daily/generate.js';
import { recordAdminAction } from '../db/audit-log.js';
import type { Moderator } from '../db/moderators.js';
import type { Services } from '../services.js';
import { auditEntry } from './audit-entry.js';
import { type BenchmarkUpdate, calibrateBenchmarks } from './calibrate-benchmarks.js';

// The cron's jobs run by an owner on demand, each written to the audit log with what it did and who asked.

export async function generateDateNow(
  services: Services,
  date: IsoDate,
  by: Moderator,
): Promise<GenerationOutcome> {
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
  await recordAdminAction(
    services.db,
    auditEntry(by, 'generate', date, null, services.now(), {
      status: outcome.status,
      generated: outcome.generated,
    }),
  );
  return outcome;
}

export async function calibrateNow(services: Services, by: Moderator): Promise<BenchmarkUpdate[]> {
  const updates = await calibrateBenchmarks(services.db, services.now(), services.config);
  await recordAdminAction(
    services.db,
    auditEntry(by, 'calibrate', 'benchmarks', null, services.now(), { changed: updates.length }),
  );
  return updates;
}
