import { desc, eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { type GenerationStatus, type GenerationTrigger, generationRuns } from './schema.js';

export type GenerationRunRow = typeof generationRuns.$inferSelect;

export async function startGenerationRun(
  db: Db,
  run: { date: string; trigger: GenerationTrigger; startedAt: string },
): Promise<number> {
  const row = await db
    .insert(generationRuns)
    .values({ ...run, status: 'running' })
    .returning({ id: generationRuns.id })
    .get();
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
