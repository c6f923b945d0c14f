import { z } from 'zod';

/** What the monitors' health check answers. */
export const HealthSchema = z.object({
  ok: z.boolean(),
  time: z.string(),
  engines: z.record(z.string(), z.object({ version: z.number(), levels: z.array(z.string()) })),
});
export type Health = z.infer<typeof HealthSchema>;
