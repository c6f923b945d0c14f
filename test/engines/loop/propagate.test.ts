import { describe, expect, it } from 'vitest';
import { hEdge, vEdge } from '../../../src/engines/loop/geometry.js';
import { CORNERS, LOOP_CLOSURE, OFF, ON, PARITY, UNKNOWN } from '../../../src/engines/loop/propagate.js';
import { propagated } from './helpers.js';

describe('loop propagation: the original’s examples', () => {
  it('fixes the four edges of a 0 in cell (0,0) of a 2×2 board and, through the vertex rule, edge 9', () => {
    const { state, ok } = propagated(2, 2, '0...', 0);
    expect(ok).toBe(true);
    for (const e of [0, 2, 6, 7, 9]) expect(state[e]).toBe(OFF);
  });

  it('solves the fully clued 4×4 board 1322/0212/0111/0122 with the three seed rules alone', () => {
    const { prop, state, ok } = propagated(4, 4, '1322021201110122', 0);
    expect(ok).toBe(true);
    expect(prop.solved(state)).toBe(true);
    let edges = '';
    for (let e = 0; e < 40; e++) edges += state[e] === ON ? '1' : '0';
    expect(edges).toBe('0110010100000000001101010001010010100101');
  });
});

describe('loop propagation: standard deductions', () => {
  it('puts a 3 in a corner of the board on both outer edges (corners), which counting alone cannot', () => {
    expect(propagated(3, 3, '3........', 0).H(0, 0)).toBe(UNKNOWN);
    const { H, V } = propagated(3, 3, '3........', 1);
    expect(H(0, 0)).toBe(ON);
    expect(V(0, 0)).toBe(ON);
  });

  it('draws the shared edge and both far edges of two adjacent 3s, and cuts the shared edge’s extensions', () => {
    const { V } = propagated(4, 3, '.....33.1...', 1);
    expect(V(1, 2)).toBe(ON);
    expect(V(1, 1)).toBe(ON);
    expect(V(1, 3)).toBe(ON);
    expect(V(0, 2)).toBe(OFF);
    expect(V(2, 2)).toBe(OFF);
  });

  it('leaves two adjacent 3s alone when the small loop round them is itself the answer', () => {
    const { V } = propagated(4, 3, '.....33.....', 1);
    expect(V(1, 2)).toBe(UNKNOWN);
  });

  it('draws the outer corners of two diagonal 3s', () => {
    const { H, V } = propagated(4, 4, '.....3....3.....', 1);
    expect(H(1, 1)).toBe(ON);
    expect(V(1, 1)).toBe(ON);
    expect(H(3, 2)).toBe(ON);
    expect(V(2, 3)).toBe(ON);
  });

  it('records which technique set an edge when run in order', () => {
    const { prop } = propagated(3, 3, '3........', 2, true);
    expect(prop.uses[CORNERS]).toBeGreaterThan(0);
    expect(prop.uses[PARITY]).toBe(0);
  });
});

describe('loop propagation: loop closure', () => {
  /** A U round cell (0,0) of a 3×3 board: its top, left and bottom edges; the right edge would close it. */
  const U = [hEdge(3, 0, 0), vEdge(3, 3, 0, 0), hEdge(3, 1, 0)];
  const closing = vEdge(3, 3, 0, 1);

  function withLines(on: number[], clues = '.........') {
    const board = propagated(3, 3, clues, 0, true);
    for (const e of on) expect(board.prop.set(board.state, e, ON, 0)).toBe(true);
    expect(board.prop.propagate(board.state, 0)).toBe(true);
    return board;
  }

  it('forbids closing a path into a loop while another line exists elsewhere', () => {
    const { state, prop } = withLines([...U, hEdge(3, 3, 2)]);
    expect(state[closing]).toBe(OFF);
    expect(prop.uses[LOOP_CLOSURE]).toBeGreaterThan(0);
  });

  it('allows closing the only path when the closed loop satisfies every clue', () => {
    expect(withLines(U).state[closing]).toBe(UNKNOWN);
  });

  it('forbids closing the only path when a clue elsewhere would stay unsatisfied', () => {
    expect(withLines(U, '........2').state[closing]).toBe(OFF);
  });

  it('reports a contradiction when two separate loops are forced', () => {
    const board = propagated(3, 3, '.........', 0);
    const ring = (r: number, c: number) => [
      hEdge(3, r, c),
      hEdge(3, r + 1, c),
      vEdge(3, 3, r, c),
      vEdge(3, 3, r, c + 1),
    ];
    for (const e of ring(0, 0)) board.prop.set(board.state, e, ON, 0);
    const results = ring(2, 2).map((e) => board.prop.set(board.state, e, ON, 0));
    expect(results).toContain(false);
  });
});
