/**
 * The fixture kind's descriptor, as src/kinds/<kind>.ts writes one; `KindDescriptorFor` because the kind
 * is not in the service's wire format (a kind of the service writes `KindDescriptor<'<kind>'>`).
 */
import type { KindDescriptorFor } from '../../../src/kinds/descriptor.js';
import { latinShapes } from './contract.js';
import { afterStep, nextHint, startPosition } from './engine/hint.js';
import { engine } from './engine/index.js';

export const latin = {
  engine,
  displayName: 'Latin square',
  benchmark: { unit: 'puzzle', seconds: { easy: 60, hard: 120 } },
  floorSecondsPerStep: { easy: 0.5, hard: 0.7 },
  hint: { position: latinShapes.position, next: nextHint, start: startPosition, follow: afterStep },
} satisfies KindDescriptorFor<'latin', typeof latinShapes>;
