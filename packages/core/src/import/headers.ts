/**
 * Column headers of an imported file become field titles: characters other than letters, digits, spaces and
 * underscores become underscores, a missing header becomes "Field N" (N counts columns from 1), and repeated
 * names get a counter so every title is unique (case-insensitively, as field titles are).
 */
export function cleanHeaders(raw: readonly unknown[]): string[] {
  const used = new Set<string>();
  return raw.map((h, i) => {
    const text = h === null || h === undefined ? '' : String(h).trim();
    const base = text === '' ? `Field ${i + 1}` : text.replace(/[^\p{L}\p{N} _]/gu, '_');
    let name = base;
    for (let n = 1; used.has(name.toLowerCase()); n++) name = `${base}_${n}`;
    used.add(name.toLowerCase());
    return name;
  });
}
