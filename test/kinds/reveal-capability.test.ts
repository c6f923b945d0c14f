import { describe, expect, it } from 'vitest';
import { descriptorOf, engineFor, KINDS } from '../../src/kinds/index.js';

const containsNull = (value: unknown): boolean =>
  value === null || (typeof value === 'object' && Object.values(value).some(containsNull));

describe('the reveal capability', () => {
  it('is a member of exactly the descriptors whose public puzzle hides something: what is hidden is revealed', () => {
    const revealing = KINDS.filter((kind) => descriptorOf(kind).reveal !== undefined);
    const hiding = KINDS.filter((kind) => {
      const engine = engineFor(kind);
      return containsNull(engine.toPublic(engine.generate('reveal-capability', engine.levels[0]).puzzle));
    });
    expect(revealing).toEqual(['colorsort']);
    expect(hiding).toEqual(revealing);
  });
});
