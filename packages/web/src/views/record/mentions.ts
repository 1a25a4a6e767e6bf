/**
 * @mentions in comments. Stored as NocoDB stores them, `@(userId|email|display name)`, so other clients show
 * and notify them; while typing, a mention reads `@email` (unique and readable) and is turned into the stored
 * form on save when the address belongs to a member of the base.
 */

export interface Member {
  id: string;
  email: string;
  display_name?: string | null;
}

const STORED = /@\(([^|()]+)\|([^|()]+)\|([^()]*)\)/g;

/** A piece of comment text: plain words, or a mention to show as a tag. */
export type CommentPart = { text: string } | { mention: { id: string; email: string; name: string } };

/** @example splitMentions('hi @(us_1|a@x.io|Ann)') // [{ text: 'hi ' }, { mention: { id: 'us_1', email: 'a@x.io', name: 'Ann' } }] */
export function splitMentions(stored: string): CommentPart[] {
  const parts: CommentPart[] = [];
  let at = 0;
  for (const m of stored.matchAll(STORED)) {
    if (m.index > at) parts.push({ text: stored.slice(at, m.index) });
    parts.push({ mention: { id: m[1]!, email: m[2]!, name: m[3] || m[2]! } });
    at = m.index + m[0].length;
  }
  if (at < stored.length) parts.push({ text: stored.slice(at) });
  return parts;
}

/** Stored text back to what the author edits: each mention as `@email`. */
export function toEditable(stored: string): string {
  return stored.replace(STORED, (_m, _id: string, email: string) => `@${email}`);
}

/** Typed text to the stored form: `@email` of a member becomes a mention; other `@words` stay as typed. */
export function toStored(typed: string, members: readonly Member[]): string {
  return typed.replace(
    /(^|\s)@([^\s@()|]+@[^\s@()|]+\.[^\s@()|]*[^\s@()|.,;:!?])/g,
    (whole, lead: string, email: string) => {
      const member = members.find((m) => m.email.toLowerCase() === email.toLowerCase());
      if (!member) return whole;
      return `${lead}@(${member.id}|${member.email}|${(member.display_name ?? '').replace(/[()|]/g, '')})`;
    },
  );
}

/**
 * The mention being typed at the caret: the text after an `@` that starts a word, up to the caret.
 * @example mentionAt('ask @an', 7) // { start: 4, query: 'an' }
 */
export function mentionAt(text: string, caret: number): { start: number; query: string } | undefined {
  const before = text.slice(0, caret);
  const m = /(^|\s)@([^\s@]*)$/.exec(before);
  if (!m) return undefined;
  return { start: caret - m[2]!.length - 1, query: m[2]! };
}

/** Members whose name or e-mail contains the query, at most `limit`. */
export function matchingMembers(members: readonly Member[], query: string, limit = 6): Member[] {
  const q = query.toLowerCase();
  return members
    .filter((m) => m.email.toLowerCase().includes(q) || (m.display_name ?? '').toLowerCase().includes(q))
    .slice(0, limit);
}

/** Replaces the mention being typed with the member's `@email` and a space; answers the text and new caret. */
export function insertMention(
  text: string,
  at: { start: number; query: string },
  member: Member,
): { text: string; caret: number } {
  const inserted = `@${member.email} `;
  const end = at.start + 1 + at.query.length;
  return { text: text.slice(0, at.start) + inserted + text.slice(end), caret: at.start + inserted.length };
}
