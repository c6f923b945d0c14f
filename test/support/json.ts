import type { z } from 'zod';
import { type ErrorBody, ErrorSchema } from '../../src/contract/error.js';

/**
 * A raw response's JSON body, checked against the contract's schema for it instead of cast by hand: a
 * body of another shape fails the test here, with zod's message. The body itself is what the test reads
 * (unknown fields included, nothing transformed), so an assertion sees exactly what the wire said.
 */
export async function bodyOf<S extends z.ZodType>(res: Response, schema: S): Promise<z.output<S>> {
  const body: unknown = await res.json();
  schema.parse(body);
  return body as z.output<S>;
}

/** A refusal's `{ error: { code, message } }`, checked against the API's error schema. */
export function errorOf(res: Response): Promise<ErrorBody> {
  return bodyOf(res, ErrorSchema);
}
