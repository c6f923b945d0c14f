import { z } from 'zod';
import { bodyOf } from './json.js';

/** The part of a JSON Schema in the document that the tests read. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  description?: string;
  properties?: Record<string, JsonSchema>;
}

const JsonSchemaSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z.looseObject({
    type: z.union([z.string(), z.array(z.string())]).optional(),
    enum: z.array(z.unknown()).optional(),
    description: z.string().optional(),
    properties: z.record(z.string(), JsonSchemaSchema).optional(),
  }),
);

const OperationSchema = z.looseObject({
  operationId: z.string(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  requestBody: z
    .looseObject({
      content: z.record(
        z.string(),
        z.looseObject({ schema: z.looseObject({ $ref: z.string().optional() }) }),
      ),
    })
    .optional(),
  responses: z.record(z.string(), z.looseObject({ description: z.string() })),
});

/** One operation of the document, as far as the tests read it. */
export type Operation = z.output<typeof OperationSchema>;

/**
 * The OpenAPI document, as far as the tests read it: every path item a map of method to operation, and
 * the named schemas. There is no zod schema of the document in src/contract (it is generated from the
 * routes), so this one checks the parts read instead of a cast; unknown fields are kept.
 */
const DocumentSchema = z.looseObject({
  openapi: z.string(),
  paths: z.record(z.string(), z.record(z.string(), OperationSchema)),
  components: z.looseObject({ schemas: z.record(z.string(), JsonSchemaSchema) }),
});

export type OpenApiDocument = z.output<typeof DocumentSchema>;

/** The body of a GET /openapi.json, checked as above. */
export function documentOf(res: Response): Promise<OpenApiDocument> {
  return bodyOf(res, DocumentSchema);
}
