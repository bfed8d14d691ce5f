/** Append-only typed arrays for the index builder, which does not know its sizes in advance. */

export class GrowableUint32 {
  private data: Uint32Array;
  length = 0;

  constructor(initialCapacity = 1024) {
    this.data = new Uint32Array(Math.max(16, initialCapacity));
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }

  /** The live buffer (valid up to `length`) without copying. */
  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }
}
