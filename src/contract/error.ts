import { z } from 'zod';

/** Every error the API answers: a stable machine-readable code and a message a person can read. */
export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({
        example: 'invalid_request',
        description:
          'Stable and machine-readable: one of the codes of the document’s `x-error-codes`, each explained at `/docs/errors`',
      }),
      message: z.string().meta({ example: 'displayName: must be at least 2 characters' }),
      param: z.string().optional().meta({
        example: 'displayName',
        description:
          'The field at fault, where there is one: a body field’s path (`solution.grid`, `log[3]`), a query or path parameter’s name, or a header’s',
      }),
      docUrl: z.string().optional().meta({
        example: '/docs/errors#invalid_request',
        description: 'The code’s section of the served documentation',
      }),
      requestId: z
        .string()
        .optional()
        .meta({ description: 'With a server fault (5xx): quote it in a report' }),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof ErrorSchema>;
