import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from './client.js';
import { type GenerationStatus, type GenerationTrigger, generationRuns } from './schema.js';

export type GenerationRunRow = typeof generationRuns.$inferSelect;

/**
 * A run still `running` this long after it started died with its invocation (a cron invocation lives at most
 * 15 minutes, a request's generation far less): the next run to start marks it failed. A stale row never
 * blocks a retry in any case; this only keeps the log truthful.
 */
export const STALE_RUN_MS = 15 * 60_000;

/** Opens a run, and in the same atomic batch closes the runs abandoned before `STALE_RUN_MS` ago. */
export async function startGenerationRun(
  db: Db,
  run: { date: string; trigger: GenerationTrigger; startedAt: string },
): Promise<number> {
  const staleBefore = new Date(Date.parse(run.startedAt) - STALE_RUN_MS).toISOString();
  const [, inserted] = await db.batch([
    db
      .update(generationRuns)
      .set({
        status: 'failed',
        finishedAt: run.startedAt,
        error: `abandoned: still running ${STALE_RUN_MS / 60_000} minutes after it started`,
      })
      .where(and(eq(generationRuns.status, 'running'), lt(generationRuns.startedAt, staleBefore))),
    db
      .insert(generationRuns)
      .values({ ...run, status: 'running' })
      .returning({ id: generationRuns.id }),
  ]);
  const row = inserted[0];
  if (!row) throw new Error('generation run insert returned no id');
  return row.id;
}

export async function finishGenerationRun(
  db: Db,
  id: number,
  outcome: { finishedAt: string; status: GenerationStatus; generated: number; error: string | null },
): Promise<void> {
  await db.update(generationRuns).set(outcome).where(eq(generationRuns.id, id));
}

export async function recentGenerationRuns(db: Db, limit: number): Promise<GenerationRunRow[]> {
  return db.select().from(generationRuns).orderBy(desc(generationRuns.id)).limit(limit).all();
}

export async function generationRunsOfDate(db: Db, date: string): Promise<GenerationRunRow[]> {
  return db
    .select()
    .from(generationRuns)
    .where(eq(generationRuns.date, date))
    .orderBy(desc(generationRuns.id))
    .all();
}
