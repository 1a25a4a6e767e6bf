import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonRecordBatches, jsonRowBatches } from './json-records.js';

const dir = mkdtempSync(path.join(tmpdir(), 'rb-json-records-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
const file = (text: string | Buffer) => {
  const p = path.join(dir, `f${n++}.json`);
  writeFileSync(p, text);
  return p;
};

const all = async <T>(batches: AsyncIterable<T[]>) => {
  const out: T[] = [];
  for await (const b of batches) out.push(...b);
  return out;
};

describe('streaming JSON records', () => {
  it('reads records across stream chunks, with strings holding quotes, brackets, braces and escapes', async () => {
    const records = Array.from({ length: 5000 }, (_, i) => ({
      id: i,
      text: `say "hi" [${i}] {not nested} \\ back\\slash \u00e9\u4e2d \ud83d\ude00`,
      nested: { list: [1, [2, { deep: `}${i}]` }]], empty: {} },
      flag: i % 2 === 0,
      none: null,
    }));
    // Over 256 KiB, pretty-printed: the text streams in several chunks, cut anywhere.
    const text = JSON.stringify(records, null, 2);
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(await all(jsonRecordBatches(file('\uFEFF' + text)))).toEqual(records);
  });

  it('reads one top-level object as one record, and UTF-16 text', async () => {
    expect(await all(jsonRecordBatches(file(' {"a": {"b": [1, "}"]}} \n')))).toEqual([
      { a: { b: [1, '}'] } },
    ]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('[{"n":"\u00e5"}]', 'utf16le')]);
    expect(await all(jsonRecordBatches(file(utf16)))).toEqual([{ n: '\u00e5' }]);
  });

  it('names what is wrong with a file that is not an array of records', async () => {
    const failure = (text: string) => all(jsonRecordBatches(file(text)));
    await expect(failure('[{"a":1},')).rejects.toThrow(
      'The file is not valid JSON: the file ends before the records do at position 9',
    );
    await expect(failure('[{"a":1}] x')).rejects.toThrow(
      "The file is not valid JSON: unexpected 'x' after the end of the records at position 10",
    );
    await expect(failure('[{"a":1},]')).rejects.toThrow(
      "The file is not valid JSON: unexpected ']' at position 9",
    );
    await expect(failure('[{"a":1} {"b":2}]')).rejects.toThrow(
      "expected ',' or ']' but found '{' at position 9",
    );
    await expect(failure('[{"a":1}, {"a":}]')).rejects.toThrow(/^The file is not valid JSON: record 2: /);
    await expect(failure('[{"a":1}, 2]')).rejects.toThrow('Record 2 of the JSON file is not an object');
    await expect(failure('[{"a":1}, "x,y"]')).rejects.toThrow('Record 2 of the JSON file is not an object');
    await expect(failure('[]')).rejects.toThrow('The JSON file holds no records');
    await expect(failure('42')).rejects.toThrow(
      'The file is not valid JSON: expected an array of records or one record at position 0',
    );
  });

  it('gives rows under every key in first-seen order, nested keys flattened when asked', async () => {
    const p = file(
      JSON.stringify([
        { a: 1, o: { x: 1 } },
        { b: 2, a: 3, o: { y: 2 } },
      ]),
    );
    expect(await all(jsonRowBatches(p, false))).toEqual([
      ['a', 'o', 'b'],
      [1, { x: 1 }, undefined],
      [3, { y: 2 }, 2],
    ]);
    expect(await all(jsonRowBatches(p, true))).toEqual([
      ['a', 'o_x', 'b', 'o_y'],
      [1, 1, undefined, undefined],
      [3, undefined, 2, 2],
    ]);
  });
});
