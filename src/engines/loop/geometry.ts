/**
 * Board geometry in the original's layout: all horizontal edges row-major ((height+1)×width), then all
 * vertical edges row-major (height×(width+1)). Every table is built once per board size so the hot loops only index.
 *
 * Sides of a cell and of a vertex share one order, 0 = up, 1 = right, 2 = down, 3 = left; corner q is
 * the pair of sides (q, q+1 mod 4). A cell's corner q and the vertex's corner (q+2) mod 4 are the same
 * pair of edges, seen from either side.
 */
export interface Geometry {
  readonly width: number;
  readonly height: number;
  readonly cells: number;
  readonly vertices: number;
  readonly edges: number;
  /** Number of horizontal edges; vertical edge indices start here. */
  readonly hEdges: number;
  /** 4 per cell: top, right, bottom, left edge. */
  readonly cellEdges: Int32Array;
  /** 4 per vertex: up, right, down, left edge, or -1 off the board. */
  readonly vertexEdges: Int32Array;
  /** 2 per edge: its end vertices (left/top first). */
  readonly edgeVertices: Int32Array;
  /** 2 per edge: the cells on either side (above/left first); `cells` stands for the outside. */
  readonly edgeCells: Int32Array;
  /** 4 per cell: the corner-flag slot (vertex × 4 + vertex corner) of the cell's corner q. */
  readonly cellCornerSlot: Int32Array;
  /** 4 per vertex: the cell in vertex corner q (0 NE, 1 SE, 2 SW, 3 NW), or -1 off the board. */
  readonly vertexCornerCell: Int32Array;
  /** 4 per vertex: the cell or outside (`cells`) in each quadrant NE, SE, SW, NW, for parity reasoning. */
  readonly vertexRegions: Int32Array;
  /** 4 per cell: the neighbour across each side, or `cells` for the outside. */
  readonly cellNeighbours: Int32Array;
}

const cache = new Map<string, Geometry>();

export function hEdge(width: number, r: number, c: number): number {
  return r * width + c;
}

export function vEdge(width: number, height: number, r: number, c: number): number {
  return (height + 1) * width + r * (width + 1) + c;
}

export function geometry(width: number, height: number): Geometry {
  const key = `${width}x${height}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const cells = width * height;
  const vertices = (width + 1) * (height + 1);
  const hEdges = (height + 1) * width;
  const edges = hEdges + height * (width + 1);
  const vx = (r: number, c: number) => r * (width + 1) + c;
  const cell = (r: number, c: number) => (r >= 0 && r < height && c >= 0 && c < width ? r * width + c : -1);
  const region = (r: number, c: number) => {
    const x = cell(r, c);
    return x < 0 ? cells : x;
  };
  const H = (r: number, c: number) => hEdge(width, r, c);
  const V = (r: number, c: number) => vEdge(width, height, r, c);

  const cellEdges = new Int32Array(cells * 4);
  const cellCornerSlot = new Int32Array(cells * 4);
  const cellNeighbours = new Int32Array(cells * 4);
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const x = r * width + c;
      cellEdges.set([H(r, c), V(r, c + 1), H(r + 1, c), V(r, c)], x * 4);
      // Corner (top,right) sits at the vertex's corner (down,left) = 2, and so on round the cell.
      cellCornerSlot.set(
        [vx(r, c + 1) * 4 + 2, vx(r + 1, c + 1) * 4 + 3, vx(r + 1, c) * 4 + 0, vx(r, c) * 4 + 1],
        x * 4,
      );
      cellNeighbours.set([region(r - 1, c), region(r, c + 1), region(r + 1, c), region(r, c - 1)], x * 4);
    }
  }

  const vertexEdges = new Int32Array(vertices * 4).fill(-1);
  const vertexCornerCell = new Int32Array(vertices * 4);
  const vertexRegions = new Int32Array(vertices * 4);
  for (let r = 0; r <= height; r++) {
    for (let c = 0; c <= width; c++) {
      const v = vx(r, c);
      if (r > 0) vertexEdges[v * 4] = V(r - 1, c);
      if (c < width) vertexEdges[v * 4 + 1] = H(r, c);
      if (r < height) vertexEdges[v * 4 + 2] = V(r, c);
      if (c > 0) vertexEdges[v * 4 + 3] = H(r, c - 1);
      vertexCornerCell.set([cell(r - 1, c), cell(r, c), cell(r, c - 1), cell(r - 1, c - 1)], v * 4);
      vertexRegions.set([region(r - 1, c), region(r, c), region(r, c - 1), region(r - 1, c - 1)], v * 4);
    }
  }

  const edgeVertices = new Int32Array(edges * 2);
  const edgeCells = new Int32Array(edges * 2);
  for (let r = 0; r <= height; r++) {
    for (let c = 0; c < width; c++) {
      const e = H(r, c);
      edgeVertices.set([vx(r, c), vx(r, c + 1)], e * 2);
      edgeCells.set([region(r - 1, c), region(r, c)], e * 2);
    }
  }
  for (let r = 0; r < height; r++) {
    for (let c = 0; c <= width; c++) {
      const e = V(r, c);
      edgeVertices.set([vx(r, c), vx(r + 1, c)], e * 2);
      edgeCells.set([region(r, c - 1), region(r, c)], e * 2);
    }
  }

  const geo: Geometry = {
    width,
    height,
    cells,
    vertices,
    edges,
    hEdges,
    cellEdges,
    vertexEdges,
    edgeVertices,
    edgeCells,
    cellCornerSlot,
    vertexCornerCell,
    vertexRegions,
    cellNeighbours,
  };
  cache.set(key, geo);
  return geo;
}
