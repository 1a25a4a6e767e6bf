import { describe, expect, it } from 'vitest';
import { CommentCounts } from './comment-counts';

describe('CommentCounts', () => {
  it('asks once per row and treats rows left out of the answer as having none', () => {
    const counts = new CommentCounts();
    const asked = counts.take([1, 2, 3]);
    expect(asked).toEqual(['1', '2', '3']);
    expect(counts.take([2, 3, 4])).toEqual(['4']);
    counts.receive(asked, [{ row_id: '2', count: 5 }]);
    expect([counts.get(1), counts.get(2), counts.get('3')]).toEqual([0, 5, 0]);
  });

  it('takes a count set after a comment was added, and asks again after a failure', () => {
    const counts = new CommentCounts();
    counts.set(7, 1);
    expect(counts.take([7])).toEqual([]);
    expect(counts.get(7)).toBe(1);
    const asked = counts.take([8]);
    counts.forget(asked);
    expect(counts.take([8])).toEqual(['8']);
  });
});
