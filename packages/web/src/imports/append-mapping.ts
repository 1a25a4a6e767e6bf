/** Which fields an import into an existing table can fill, and the mapping the wizard starts from. */
import type { ColumnMeta, TableMeta } from '@rowbase/core/api/meta';
import { isReadOnlyField } from '@rowbase/core/fields/validate-cell';
import type { AppendOptions, PreviewColumn } from './imports-api';

/** The fields a file column can be imported into. */
export function importableFields(table: TableMeta): ColumnMeta[] {
  return (table.columns ?? []).filter((c) => !c.pk && !c.system && !isReadOnlyField(c));
}

/** Each file column mapped to the field of the same name (letter case aside), if there is one. */
export function defaultMapping(table: TableMeta, columns: PreviewColumn[]): AppendOptions['columns'] {
  const fields = importableFields(table);
  const out: AppendOptions['columns'] = [];
  for (const c of columns) {
    const f = fields.find((x) => x.title.toLowerCase() === c.title.toLowerCase());
    if (f && !out.some((o) => o.field === f.title)) out.push({ index: c.index, field: f.title });
  }
  return out;
}
