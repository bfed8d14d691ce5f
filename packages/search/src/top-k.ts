/** Bounded selection of the best-scoring documents: a binary min-heap in typed arrays. */
export class TopK {
  private readonly scores: Float64Array;
  private readonly docs: Int32Array;
  private size = 0;

  constructor(readonly capacity: number) {
    this.scores = new Float64Array(Math.max(1, capacity));
    this.docs = new Int32Array(Math.max(1, capacity));
  }

  /** Lowest score that still gets in (−Infinity until full). */
  threshold(): number {
    return this.size < this.capacity ? Number.NEGATIVE_INFINITY : this.scores[0]!;
  }

  /** Offers a document; ties go to the lower document number, so results are deterministic. */
  push(doc: number, score: number): void {
    if (this.capacity === 0) return;
    if (this.size < this.capacity) {
      let i = this.size++;
      this.scores[i] = score;
      this.docs[i] = doc;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    if (score < this.scores[0]! || (score === this.scores[0]! && doc > this.docs[0]!)) return;
    this.scores[0] = score;
    this.docs[0] = doc;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < this.size && this.worse(left, smallest)) smallest = left;
      if (right < this.size && this.worse(right, smallest)) smallest = right;
      if (smallest === i) break;
      this.swap(i, smallest);
      i = smallest;
    }
  }

  /** The kept documents, best first. */
  sorted(): { doc: number; score: number }[] {
    const out: { doc: number; score: number }[] = [];
    for (let i = 0; i < this.size; i++) out.push({ doc: this.docs[i]!, score: this.scores[i]! });
    return out.sort((a, b) => b.score - a.score || a.doc - b.doc);
  }

  private worse(a: number, b: number): boolean {
    const sa = this.scores[a]!;
    const sb = this.scores[b]!;
    return sa < sb || (sa === sb && this.docs[a]! > this.docs[b]!);
  }

  private swap(a: number, b: number): void {
    const s = this.scores[a]!;
    this.scores[a] = this.scores[b]!;
    this.scores[b] = s;
    const d = this.docs[a]!;
    this.docs[a] = this.docs[b]!;
    this.docs[b] = d;
  }
}
