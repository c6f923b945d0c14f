import type { D1Migration } from 'cloudflare:test';
import type { Env } from '../src/env.js';

declare global {
  namespace Cloudflare {
    interface Env extends EnvBindings {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
type EnvBindings = Env;
