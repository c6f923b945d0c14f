import { describe, expect, it } from 'vitest';
import { appAt } from '../support/app.js';
import { documentOf, type JsonSchema } from '../support/openapi.js';

// What issue #23 found the document leaving an integrator to guess: whether a streak's `change` can be
// null, and whether a log entry's time may be negative.

async function schemas(): Promise<Record<string, JsonSchema>> {
  const res = await appAt('2026-11-29T12:00:00Z')('/openapi.json');
  return (await documentOf(res)).components.schemas;
}

describe('the OpenAPI document, for an integrator', () => {
  it("documents a streak's change as possibly null, and says when it is", async () => {
    const change = (await schemas()).Streak?.properties?.change;
    expect(change?.enum).toContain(null);
    expect(change?.description).toMatch(/null when it changed nothing/);
  });

  it("says that a log entry's time before the session is judged, not simply accepted", async () => {
    expect((await schemas()).LogEntry?.description).toMatch(
      /before the session \(t < 0\) is accepted as evidence and judged/,
    );
  });
});
