/**
 * The shared strings of an xlsx workbook (`xl/sharedStrings.xml`), read as a stream: each string item's text,
 * its rich-text runs joined, phonetic guides (`rPh`) left out. An item with no text at all reads as null (an
 * empty cell), as exceljs read it. See docs/imports.md ("Reading xlsx").
 */
import { decodeXml, scanChunks, type TagSink } from './xlsx-xml.js';

/** The workbook's shared strings, by index. */
export async function readSharedStrings(chunks: AsyncIterable<Buffer>): Promise<(string | null)[]> {
  const strings: (string | null)[] = [];
  let text = '';
  let runs = false;
  let inPhonetic = false;
  const sink: TagSink = {
    capturing: false,
    open(name) {
      if (name === 't') sink.capturing = !inPhonetic;
      else if (name === 'si') {
        text = '';
        runs = false;
      } else if (name === 'r') runs = true;
      else if (name === 'rPh') inPhonetic = true;
    },
    close(name) {
      if (name === 't') sink.capturing = false;
      else if (name === 'si') strings.push(text === '' && !runs ? null : decodeXml(text));
      else if (name === 'rPh') inPhonetic = false;
    },
    text(raw) {
      text += raw;
    },
  };
  for await (const _ of scanChunks(chunks, sink));
  return strings;
}
