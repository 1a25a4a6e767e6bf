/**
 * Shared slots a CSV reader thread writes its batches into, so a batch crosses to the main thread without a
 * structured clone (docs/imports.md, "CSV lines through shared slots"): batch k goes into slot k modulo the count,
 * and the reply names the slot and the length. The main thread copies a slot out as soon as its reply arrives,
 * before it asks for another batch, so a reader with at most `count - 1` batches asked for beyond that one never
 * writes a slot while it is read.
 */

/** Bytes of one slot: about three batches of the bench's 14 columns. */
export const CSV_SLOT_BYTES = 256 * 1024;

export interface CsvSlots {
  buffer: SharedArrayBuffer;
  count: number;
  slotBytes: number;
}

/** What a batch's reply carries: a slot and its length, or the text when it did not fit or is not ASCII. */
export type CsvBatch = { slot: number; length: number } | { text: string };

/** Slots for a reader that has at most `ahead` batches asked for beyond the one the main thread copies out. */
export function csvSlots(ahead: number): CsvSlots {
  const count = ahead + 1;
  return { buffer: new SharedArrayBuffer(count * CSV_SLOT_BYTES), count, slotBytes: CSV_SLOT_BYTES };
}

/** The reader thread's side: each batch's text into the next slot, or as text when it cannot go there. */
export function slotWriter(slots: CsvSlots | undefined): (text: string) => CsvBatch {
  if (!slots) return (text) => ({ text });
  const bytes = new Uint8Array(slots.buffer);
  const encoder = new TextEncoder();
  let sent = 0;
  return (text) => {
    const slot = sent++ % slots.count;
    const into = bytes.subarray(slot * slots.slotBytes, (slot + 1) * slots.slotBytes);
    const { read, written } = encoder.encodeInto(text, into);
    // All ASCII when each character took one byte (so the main thread reads it back as Latin-1), and whole.
    return read === text.length && written === read ? { slot, length: written } : { text };
  };
}

/** The main thread's side: a batch's text, copied out of its slot. */
export function slotReader(slots: CsvSlots | undefined): (batch: CsvBatch) => string {
  const shared = slots && Buffer.from(slots.buffer);
  return (batch) => {
    if ('text' in batch) return batch.text;
    if (!shared) throw new Error('The export reader sent a slot where no slots were given');
    const at = batch.slot * slots!.slotBytes;
    return shared.toString('latin1', at, at + batch.length);
  };
}
