import { applyD1Migrations, env } from 'cloudflare:test';

// Storage is isolated per test file; applying is idempotent, so every file starts from the real schema.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
