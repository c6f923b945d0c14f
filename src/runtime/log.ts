type Level = 'info' | 'warn' | 'error';

/**
 * One JSON object per line: Workers Logs and `wrangler tail` index the fields, people can still read them.
 * Here, below http/, live/ and play/, because the Worker's fetch and cron handlers and the board objects
 * all log, and the board object is an entry point of its own, not a request.
 */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...fields });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

export function errorFields(error: unknown): Record<string, unknown> {
  return error instanceof Error
    ? {
        error: error.name,
        detail: error.message,
        cause: error.cause instanceof Error ? error.cause.message : undefined,
      }
    : { error: String(error) };
}
