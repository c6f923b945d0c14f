import { type DrizzleD1Database, drizzle } from 'drizzle-orm/d1';
import * as schema from './schema.js';

export type Db = DrizzleD1Database<typeof schema>;

export function createDb(d1: D1Database): Db {
  return drizzle(d1, { schema });
}
