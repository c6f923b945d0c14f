/**
 * The engines' propagation queue: FIFO of distinct ids in [0, capacity) (lines, cells, vertices), a ring
 * buffer with a flag per id so an id already waiting is not queued twice. Typed arrays, no allocation
 * after construction: it sits on the hot path of every solver.
 */
export class WorkQueue {
  private readonly items: Int32Array;
  private readonly waiting: Uint8Array;
  private head = 0;
  private count = 0;

  constructor(capacity: number) {
    this.items = new Int32Array(capacity);
    this.waiting = new Uint8Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** Queues `id` unless it is already waiting. */
  push(id: number): void {
    if (this.waiting[id] === 1) return;
    this.waiting[id] = 1;
    let tail = this.head + this.count;
    if (tail >= this.items.length) tail -= this.items.length;
    this.items[tail] = id;
    this.count++;
  }

  /** The oldest waiting id; the caller has checked `size > 0`. */
  pop(): number {
    const id = this.items[this.head] as number;
    this.head = this.head + 1 === this.items.length ? 0 : this.head + 1;
    this.count--;
    this.waiting[id] = 0;
    return id;
  }

  /** Forgets everything waiting (after a contradiction, or before a fresh propagation). */
  clear(): void {
    while (this.count > 0) this.pop();
    this.head = 0;
  }
}
