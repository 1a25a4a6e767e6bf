/**
 * How many comments each row has, for the badge in the row-number gutter. Counts are asked for the rows that
 * come into view (one request for the batch, `GET /api/v1/db/meta/comments/count?fk_model_id&ids`) and kept per
 * row id; a row asked about and left out of the answer has none.
 */
export class CommentCounts {
  private readonly counts = new Map<string, number>();
  private readonly asked = new Set<string>();

  get(rowId: unknown): number {
    return this.counts.get(String(rowId)) ?? 0;
  }

  set(rowId: unknown, count: number): void {
    this.asked.add(String(rowId));
    this.counts.set(String(rowId), count);
  }

  /** The ids of these rows not asked about yet; they count as asked from now on. */
  take(rowIds: readonly unknown[]): string[] {
    const fresh: string[] = [];
    for (const id of rowIds) {
      const key = String(id);
      if (this.asked.has(key)) continue;
      this.asked.add(key);
      fresh.push(key);
    }
    return fresh;
  }

  /** Stores an answer for `asked` ids: rows missing from `answer` have no comments. */
  receive(asked: readonly string[], answer: readonly { row_id: string; count: number }[]): void {
    for (const id of asked) this.counts.set(id, 0);
    for (const a of answer) this.counts.set(String(a.row_id), a.count);
  }

  /** Asks again next time (the request failed). */
  forget(ids: readonly string[]): void {
    for (const id of ids) this.asked.delete(id);
  }
}
