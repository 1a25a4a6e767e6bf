/**
 * Words a spreadsheet uses for a yes/no column. A column is a checkbox when all its non-empty values come from
 * one of these vocabularies; the first word list of each holds the values read as checked.
 */
interface Vocabulary {
  checked: readonly string[];
  unchecked: readonly string[];
}

export const CHECKBOX_VOCABULARIES: readonly Vocabulary[] = [
  { checked: ['checked'], unchecked: ['unchecked'] },
  { checked: ['x'], unchecked: [] },
  { checked: ['yes'], unchecked: ['no'] },
  { checked: ['y'], unchecked: ['n'] },
  { checked: ['1'], unchecked: ['0'] },
  { checked: ['[x]'], unchecked: ['[]', '[ ]'] },
  { checked: ['✓', '✔', '☑', '✅'], unchecked: ['✗', '✘', '☐', '❌'] },
  { checked: ['enabled'], unchecked: ['disabled'] },
  { checked: ['on'], unchecked: ['off'] },
  { checked: ['done'], unchecked: [] },
  { checked: ['true'], unchecked: ['false'] },
];

/** The vocabulary every value belongs to, or undefined. Values must already be non-empty. */
export function checkboxVocabulary(values: readonly string[]): Vocabulary | undefined {
  if (values.length === 0) return undefined;
  const lower = values.map((v) => v.trim().toLowerCase());
  return CHECKBOX_VOCABULARIES.find((voc) =>
    lower.every((v) => voc.checked.includes(v) || voc.unchecked.includes(v)),
  );
}

/** Every vocabulary's checked words, in one set (an import asks for each of its cells). */
const CHECKED_WORDS: ReadonlySet<string> = new Set(CHECKBOX_VOCABULARIES.flatMap((voc) => voc.checked));

/** Whether an imported value means checked: any vocabulary's checked word (and booleans, as JSON has them). */
export function isCheckedValue(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return CHECKED_WORDS.has(
    String(value ?? '')
      .trim()
      .toLowerCase(),
  );
}
