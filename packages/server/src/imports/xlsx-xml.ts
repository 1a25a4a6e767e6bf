/**
 * A small XML tag scanner for the large parts of an xlsx workbook (its sheets and shared strings): it walks a
 * chunk of text tag by tag with indexOf, hands each tag's local name (namespace prefix dropped) to a sink, and
 * text only while the sink asks for it. It knows nothing of DTDs; comments, processing instructions and CDATA are
 * handled, which is all spreadsheet writers emit. A tag cut by the chunk's end is left for the next chunk.
 * See docs/imports.md ("Reading xlsx").
 */
import { StringDecoder } from 'node:string_decoder';

/** What a scanner reports to. */
export interface TagSink {
  /** When true, text between tags is passed to `text` (raw: entities still escaped). */
  capturing: boolean;
  /** An opening (or self-closing) tag; its attributes are `s` from `from` to `to`. */
  open(name: string, s: string, from: number, to: number, selfClosing: boolean): void;
  /** A closing tag, or the end of a self-closing one (after `open`). */
  close(name: string): void;
  text(raw: string): void;
}

const SLASH = 47;
const COLON = 58;
const BANG = 33;
const QUESTION = 63;

/**
 * Scans `s` from its start, and answers where the unscanned rest starts (a tag cut by the end of the chunk),
 * to be put in front of the next chunk.
 */
export function scanTags(s: string, sink: TagSink): number {
  const len = s.length;
  let pos = 0;
  while (pos < len) {
    const lt = s.indexOf('<', pos);
    if (lt < 0) {
      if (sink.capturing) sink.text(s.slice(pos));
      return len;
    }
    if (sink.capturing && lt > pos) sink.text(s.slice(pos, lt));
    const first = s.charCodeAt(lt + 1);
    if (first === BANG || first === QUESTION) {
      const end = skipSpecial(s, lt, sink.capturing ? (t) => sink.text(t) : undefined);
      if (end < 0) return lt;
      pos = end;
      continue;
    }
    const gt = s.indexOf('>', lt);
    if (gt < 0) return lt;
    const closing = first === SLASH;
    let start = closing ? lt + 2 : lt + 1;
    let end = start;
    for (; end < gt; end++) {
      const ch = s.charCodeAt(end);
      if (ch <= 32 || ch === SLASH) break;
      if (ch === COLON) start = end + 1;
    }
    const name = s.slice(start, end);
    if (closing) sink.close(name);
    else {
      const selfClosing = s.charCodeAt(gt - 1) === SLASH;
      sink.open(name, s, end, selfClosing ? gt - 1 : gt, selfClosing);
      if (selfClosing) sink.close(name);
    }
    pos = gt + 1;
  }
  return len;
}

/**
 * Past a comment, processing instruction or CDATA section starting at `lt` (a `<!` or `<?`), whose content is
 * handed to `text` escaped (so that it decodes as it stood); -1 when cut off by the chunk's end.
 */
export function skipSpecial(s: string, lt: number, text?: (raw: string) => void): number {
  if (s.startsWith('<![CDATA[', lt)) {
    const end = s.indexOf(']]>', lt);
    if (end < 0) return -1;
    text?.(escapeXml(s.slice(lt + 9, end)));
    return end + 3;
  }
  if (s.startsWith('<!--', lt)) {
    const end = s.indexOf('-->', lt);
    return end < 0 ? -1 : end + 3;
  }
  if (lt + 1 >= s.length || (s.length - lt < 9 && '<![CDATA['.startsWith(s.slice(lt)))) return -1;
  const end = s.indexOf('>', lt);
  return end < 0 ? -1 : end + 1;
}

/** Text as it stood escaped in the XML, so that CDATA text is decoded like the rest. */
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The attributes of a tag, `s` from `from` to `to`, by local name.
 * @example forEachAttribute('<c r="B2" t="s">', 2, 15, (n, v) => …) // ('r', 'B2'), ('t', 's')
 */
export function forEachAttribute(
  s: string,
  from: number,
  to: number,
  each: (name: string, rawValue: string) => void,
): void {
  let i = from;
  while (i < to) {
    const eq = s.indexOf('=', i);
    if (eq < 0 || eq >= to) return;
    const quote = s[eq + 1];
    if (quote !== '"' && quote !== "'") return;
    const close = s.indexOf(quote, eq + 2);
    if (close < 0 || close > to) return;
    const name = s.slice(i, eq).trim();
    const colon = name.indexOf(':');
    each(colon < 0 ? name : name.slice(colon + 1), s.slice(eq + 2, close));
    i = close + 1;
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text as it reads: entities and character references decoded, line ends normalised as XML does. */
export function decodeXml(raw: string): string {
  const text = raw.indexOf('\r') < 0 ? raw : raw.replace(/\r\n?/g, '\n');
  if (text.indexOf('&') < 0) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : ENTITIES[e.toLowerCase()]!,
  );
}

/**
 * Scans a part given as chunks of UTF-8 bytes, pausing (yielding) after each chunk so that a caller can hand on
 * what the sink gathered. A tag left open at the end of the part (a cut-off file) is dropped.
 */
export function scanChunks(chunks: AsyncIterable<Buffer>, sink: TagSink): AsyncGenerator<void> {
  return scannedText(chunks, (s) => scanTags(s, sink));
}

/**
 * Chunks of UTF-8 bytes as text, each with the unscanned rest of the one before in front: `scan` answers where
 * that rest starts.
 */
export async function* scannedText(
  chunks: AsyncIterable<Buffer>,
  scan: (s: string) => number,
): AsyncGenerator<void> {
  const decoder = new StringDecoder('utf8');
  let carry = '';
  for await (const chunk of chunks) {
    const s = carry + decoder.write(chunk);
    carry = s.slice(scan(s));
    yield;
  }
}
