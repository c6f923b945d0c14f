import { describe, expect, it } from 'vitest';
import { descriptorOf, KINDS } from '../../src/kinds/index.js';

describe('the reveal capability', () => {
  it('comes with exposedBy on exactly the kinds whose descriptor reveals: their ranked solves are held to it', () => {
    const revealing = KINDS.filter((kind) => descriptorOf(kind).reveal);
    const exposing = KINDS.filter((kind) => descriptorOf(kind).engine.exposedBy !== undefined);
    expect(revealing).toEqual(['colorsort']);
    expect(exposing).toEqual(revealing);
  });
});
