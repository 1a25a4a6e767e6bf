import { describe, expect, it } from 'vitest';
import { insertMention, matchingMembers, mentionAt, splitMentions, toEditable, toStored } from './mentions';

const ann = { id: 'us_1', email: 'ann@example.com', display_name: 'Ann Lee' };
const bob = { id: 'us_2', email: 'bob@example.com', display_name: null };

describe('comment mentions', () => {
  it('stores a typed @email of a member in the NocoDB form and leaves other @words alone', () => {
    expect(toStored('ask @ann@example.com, and @nobody@x.io or @team', [ann, bob])).toBe(
      'ask @(us_1|ann@example.com|Ann Lee), and @nobody@x.io or @team',
    );
    expect(toStored('@bob@example.com done', [ann, bob])).toBe('@(us_2|bob@example.com|) done');
  });

  it('splits stored text into words and mentions, and back to editable text', () => {
    const stored = 'hi @(us_1|ann@example.com|Ann Lee) and @(us_2|bob@example.com|)!';
    expect(splitMentions(stored)).toEqual([
      { text: 'hi ' },
      { mention: { id: 'us_1', email: 'ann@example.com', name: 'Ann Lee' } },
      { text: ' and ' },
      { mention: { id: 'us_2', email: 'bob@example.com', name: 'bob@example.com' } },
      { text: '!' },
    ]);
    expect(toEditable(stored)).toBe('hi @ann@example.com and @bob@example.com!');
  });

  it('finds the mention being typed at the caret and completes it', () => {
    expect(mentionAt('ask @an', 7)).toEqual({ start: 4, query: 'an' });
    expect(mentionAt('mail a@b', 8)).toBeUndefined();
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(matchingMembers([ann, bob], 'lee')).toEqual([ann]);
    expect(insertMention('ask @an now', { start: 4, query: 'an' }, ann)).toEqual({
      text: 'ask @ann@example.com  now',
      caret: 21,
    });
  });
});
