import { z } from 'zod';

/** Every error the API answers: a stable machine-readable code and a message a person can read. */
export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ example: 'invalid_request' }),
      message: z.string().meta({ example: 'displayName: must be at least 2 characters' }),
      requestId: z
        .string()
        .optional()
        .meta({ description: 'With a server fault (5xx): quote it in a report' }),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof ErrorSchema>;
