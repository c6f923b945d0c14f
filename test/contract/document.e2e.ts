import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { type OpenApiDocument, openApiDocument } from '../../scripts/openapi-document.js';
import { KINDS } from '../../src/kinds/index.js';

type Json = Record<string, unknown>;

interface Operation {
  method: string;
  path: string;
  op: Json;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

function operations(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((m) => m in item).map((method) => ({ method, path, op: item[method] as Json })),
  );
}

/** A JSON pointer segment. */
const segment = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

interface Example {
  /** Where the example is in the document. */
  at: string;
  value: unknown;
  /** The schema it must satisfy. */
  schema: string;
}

/**
 * Every example the document holds: a schema's `example` (and `examples`), a parameter's, a media type's,
 * each with the pointer of the schema it illustrates.
 */
function examples(node: unknown, at = ''): Example[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => examples(item, `${at}/${i}`));
  if (typeof node !== 'object' || node === null) return [];
  const object = node as Json;
  const found: Example[] = [];
  const illustrates =
    'schema' in object && ('in' in object || at.includes('/content/')) ? `${at}/schema` : at;
  if ('example' in object) found.push({ at: `${at}/example`, value: object.example, schema: illustrates });
  if (Array.isArray(object.examples)) {
    object.examples.forEach((value, i) => {
      found.push({ at: `${at}/examples/${i}`, value, schema: illustrates });
    });
  }
  for (const [key, value] of Object.entries(object)) {
    if (key === 'example' || key === 'examples') continue;
    found.push(...examples(value, `${at}/${segment(key)}`));
  }
  return found;
}

let doc: OpenApiDocument;
let ajv: Ajv2020;

beforeAll(async () => {
  doc = await openApiDocument();
  ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  // OpenAPI's own schema keywords are annotations for JSON Schema validation; the document's top-level
  // fields hold no schema of their own, only the ones the examples' pointers reach.
  ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
  ajv.addVocabulary(['openapi', 'info', 'servers', 'paths', 'components', 'webhooks', 'security', 'tags']);
  // The error codes' table (src/contract/error-codes.ts), an extension holding no schema.
  ajv.addVocabulary(['x-error-codes']);
  ajv.addSchema(doc, 'openapi.json');
});

describe('the OpenAPI document', () => {
  it('gives every operation a unique camelCase operationId', () => {
    const ids = operations(doc).map(({ op }) => op.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('puts every operation in exactly one of the declared, described tags, admin routes under Admin', () => {
    const declared = (doc.tags as { name: string; description: string }[]).map((t) => t.name);
    expect(declared.length).toBeGreaterThan(5);
    for (const tag of doc.tags as { description: string }[]) expect(tag.description).not.toBe('');
    const used = new Set<string>();
    for (const { method, path, op } of operations(doc)) {
      const tags = op.tags as string[] | undefined;
      expect(tags, `${method} ${path}`).toHaveLength(1);
      expect(declared, `${method} ${path}`).toContain(tags?.[0]);
      if (path.startsWith('/v1/admin/')) expect(tags, path).toEqual(['Admin']);
      used.add(tags?.[0] ?? '');
    }
    expect([...used].sort()).toEqual([...declared].sort());
  });

  it('names the admin scheme on every admin route, the operator scheme on every operator route and the player scheme or none on every other', () => {
    const schemes = Object.keys((doc.components as Json).securitySchemes as Json);
    expect(schemes.sort()).toEqual(['admin', 'operator', 'player']);
    for (const { path, op } of operations(doc)) {
      const names = (op.security as Json[]).flatMap((requirement) => Object.keys(requirement));
      if (path.startsWith('/v1/admin/')) expect(names, path).toEqual(['admin']);
      else if (path.startsWith('/v1/operator/')) expect(names, path).toEqual(['operator']);
      else
        expect(
          names.every((n) => n === 'player'),
          path,
        ).toBe(true);
    }
  });

  it('documents a 4xx on every operation that takes a parameter, a body or a token', () => {
    for (const { method, path, op } of operations(doc)) {
      const takesInput =
        (op.parameters as unknown[] | undefined)?.length ||
        op.requestBody !== undefined ||
        (op.security as Json[]).some((r) => Object.keys(r).length > 0);
      if (!takesInput) continue;
      const codes = Object.keys(op.responses as Json);
      expect(
        codes.some((code) => code.startsWith('4')),
        `${method} ${path}`,
      ).toBe(true);
    }
  });

  it('documents the x-d1-bookmark header both ways and its 400 invalid_bookmark on every operation', () => {
    for (const { method, path, op } of operations(doc)) {
      const bookmark = (op.parameters as Json[]).find((p) => p.name === 'x-d1-bookmark');
      expect(bookmark, `${method} ${path}`).toMatchObject({ in: 'header', required: false });
      const responses = op.responses as Record<string, { description: string; headers?: Json }>;
      expect(responses['400']?.description, `${method} ${path}`).toContain('`invalid_bookmark`');
      for (const [status, response] of Object.entries(responses)) {
        expect(response.headers?.['x-d1-bookmark'], `${method} ${path} ${status}`).toEqual({
          $ref: '#/components/headers/D1Bookmark',
        });
      }
    }
  });

  it('has a Puzzle that is one variant per kind of the registry, told apart by `kind`', () => {
    const puzzle = (doc.components as { schemas: Record<string, Json> }).schemas.Puzzle as Json;
    const mapping = (puzzle.discriminator as { propertyName: string; mapping: Record<string, string> })
      .mapping;
    expect((puzzle.discriminator as Json).propertyName).toBe('kind');
    expect(Object.keys(mapping)).toEqual(KINDS);
    expect((puzzle.oneOf as Json[]).map((v) => v.$ref)).toEqual(KINDS.map((k) => mapping[k]));
  });

  it('holds a parameter example for every path parameter and an example of every request body', () => {
    for (const { method, path, op } of operations(doc)) {
      for (const parameter of (op.parameters as Json[] | undefined) ?? []) {
        if (parameter.in !== 'path') continue;
        const example = parameter.example ?? (parameter.schema as Json).example;
        expect(example, `${method} ${path} ${parameter.name}`).toBeDefined();
      }
      const body = op.requestBody as { content: Record<string, Json> } | undefined;
      if (!body) continue;
      const media = body.content['application/json'] as Json;
      const schema = media.schema as Json;
      const ref = typeof schema.$ref === 'string' ? schema.$ref.split('/').at(-1) : undefined;
      const named = ref ? (doc.components as { schemas: Record<string, Json> }).schemas[ref] : schema;
      expect(media.example ?? named?.example, `${method} ${path}`).toBeDefined();
    }
  });

  it('holds only examples that validate against their own schemas', () => {
    const found = examples(doc);
    expect(found.length).toBeGreaterThan(50);
    const failures = found.flatMap(({ at, value, schema }) => {
      const validate = ajv.compile({ $ref: `openapi.json#${schema}` });
      return validate(value) ? [] : [`${at}: ${ajv.errorsText(validate.errors)}`];
    });
    expect(failures).toEqual([]);
  });

  it('refuses an example that breaks its schema, so the check above can fail', () => {
    const name = { $ref: 'openapi.json#/components/schemas/NewPlayerRequest' };
    expect(ajv.validate(name, { displayName: 'Ada' })).toBe(true);
    expect(ajv.validate(name, { displayName: '-Ada' })).toBe(false);
    expect(ajv.validate(name, { displayName: 'Zoë Ω' })).toBe(true);
    const puzzle = { $ref: 'openapi.json#/components/schemas/Puzzle' };
    const sudoku = (doc.components as { schemas: Record<string, Json> }).schemas.SudokuPuzzle as Json;
    const properties = sudoku.properties as Record<string, Json>;
    const valid = {
      id: '2026-11-29:sudoku:easy',
      date: '2026-11-29',
      kind: 'sudoku',
      level: 'easy',
      engineVersion: 1,
      puzzle: (doc.components as { schemas: Record<string, Json> }).schemas.SudokuPublicPuzzle?.example,
      difficulty: { level: 'easy', score: 1, techniques: [], hardest: 'single', nodes: 0 },
      benchmarkSeconds: 276,
      rating: 1500,
      answersPublicAt: '2026-11-30T12:00:00.000Z',
    };
    expect(properties.kind).toEqual({ type: 'string', enum: ['sudoku'] });
    expect(ajv.validate(puzzle, valid)).toBe(true);
    expect(ajv.validate(puzzle, { ...valid, kind: 'loop' })).toBe(false);
  });
});
