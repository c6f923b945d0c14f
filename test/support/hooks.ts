import type { ReceivedHook } from './hook-receiver.js';

/** The suite's webhook receiver (vitest.config.ts routes the Worker's fetches to this origin to it). */
const HOOKS = 'https://hooks.test';

/** A receiver URL of its own (the receiver outlives a test file, so each test takes a fresh name). */
export function newHook(): { name: string; url: string } {
  const name = crypto.randomUUID();
  return { name, url: `${HOOKS}/hook/${name}` };
}

/** What the receiver recorded for `name`, in order. */
export async function receivedAt(name: string): Promise<ReceivedHook[]> {
  return (await (await fetch(`${HOOKS}/received/${name}`)).json()) as ReceivedHook[];
}

/** Makes the receiver answer `status` to deliveries for `name` from now on. */
export async function hookAnswers(name: string, status: number): Promise<void> {
  await fetch(`${HOOKS}/answer/${name}`, { method: 'POST', body: JSON.stringify({ status }) });
}

/**
 * Polls until `done` holds for what `read` gives, at most `tries` times 250 ms apart (the queue's consumer
 * runs beside the test), and fails saying what it waited for and what it last saw (or the last read's error).
 */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  tries = 80,
): Promise<T> {
  let last: T | undefined;
  let failed: unknown;
  for (let i = 0; i < tries; i++) {
    // A read the busy runtime drops (its connection to the receiver lost) is tried again, as a slow one is.
    try {
      last = await read();
      failed = undefined;
      if (done(last)) return last;
    } catch (error) {
      failed = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const saw = failed === undefined ? JSON.stringify(last) : `an error: ${String(failed)}`;
  throw new Error(`gave up waiting for ${what}; last saw ${saw}`);
}

/** The receiver's first `count` deliveries for `name`, waited for (bounded). */
export function hooksReceived(name: string, count = 1): Promise<ReceivedHook[]> {
  return eventually(
    `${count} deliveries at ${name}`,
    () => receivedAt(name),
    (list) => list.length >= count,
  );
}
