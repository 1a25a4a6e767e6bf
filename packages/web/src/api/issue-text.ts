/**
 * Validation problems in the person's words. The server names each problem by a JSON path into the request
 * (`/colOptions/options/0/title`, `/2/Budget`); shown raw that is developer talk, so each path becomes the
 * label of the thing the person filled in ("Option 1", "Row 3, Budget", "Name") before its message.
 */
import type { ValidationIssue } from '@rowbase/core/errors';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** Request keys a person knows under another name, by the last key of the path. */
const LABEL_KEYS: Record<string, string> = {
  title: 'label.name',
  column_name: 'issue.columnName',
  table_name: 'label.name',
  formula_raw: 'fieldType.Formula',
  formula: 'fieldType.Formula',
  email: 'label.email',
  password: 'label.password',
  roles: 'label.role',
  cdf: 'field.defaultValue',
};

const isIndex = (s: string) => /^\d+$/.test(s);

/**
 * The label of the thing a path points at, or undefined for the request as a whole.
 * @example issueLabel('/colOptions/options/0/title', t) // 'Option 1'
 * @example issueLabel('/2/Budget', t) // 'Row 3, Budget'
 */
export function issueLabel(path: string | undefined, t: Translate): string | undefined {
  const parts = (path ?? '').split('/').filter(Boolean);
  if (!parts.length) return undefined;
  const optionAt = parts.indexOf('options');
  if (optionAt >= 0 && isIndex(parts[optionAt + 1] ?? '')) {
    return t('issue.option', { n: Number(parts[optionAt + 1]) + 1 });
  }
  // A bulk row write: the first key is the row's place in the list, the next the field's title.
  if (isIndex(parts[0]!) && parts.length >= 2) {
    return t('issue.rowField', { n: Number(parts[0]) + 1, field: parts[1]! });
  }
  if (isIndex(parts[0]!)) return t('issue.row', { n: Number(parts[0]) + 1 });
  const last = [...parts].reverse().find((p) => !isIndex(p))!;
  // An unknown single key is a field title of a row ('Budget'): the person's own name for it.
  return LABEL_KEYS[last] ? t(LABEL_KEYS[last]) : last;
}

/**
 * One line per problem, each "Label: message".
 * @example issuesText([{ instancePath: '/colOptions/options/0/title', message: 'title cannot be empty' }], t)
 * // 'Option 1: title cannot be empty'
 */
export function issuesText(issues: readonly ValidationIssue[], t: Translate): string {
  return issues
    .map((issue) => {
      const label = issueLabel(issue.instancePath, t);
      return label ? `${label}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
