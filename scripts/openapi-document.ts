/**
 * The OpenAPI document exactly as the Worker serves it at /openapi.json, built in Node from createApp()
 * (no workerd, no database: the document depends on nothing but the routes).
 */
import { createApp } from '../src/app.js';

/** The kind of object the document is: JSON, navigated by the tools that read it. */
export type OpenApiDocument = Record<string, unknown>;

export async function openApiDocument(): Promise<OpenApiDocument> {
  const app = createApp({ now: () => new Date('2026-11-29T12:00:00Z') });
  const res = await app.request('/openapi.json', undefined, {});
  if (res.status !== 200) throw new Error(`/openapi.json answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as OpenApiDocument;
}
