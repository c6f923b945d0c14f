import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** A round trip to D1, so health checks notice an unreachable database. */
export async function pingDb(db: Db): Promise<void> {
  await db.run(sql`select 1`);
}
