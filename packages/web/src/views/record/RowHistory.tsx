/**
 * The history of one row in the expanded record, from the audit trail (docs/audit.md): who changed which
 * field from what to what, and when, newest first ("a@x.com changed Status from todo to done, 2 minutes ago").
 */
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';

dayjs.extend(relativeTime);

interface AuditEntry {
  id: string;
  user: string | null;
  op_sub_type: string;
  details: string | null;
  created_at: number;
}

interface Props {
  tableId: string;
  rowId: string;
  /** Changes when the row was saved, so the history reloads. */
  version: number;
}

const shown = (v: unknown) =>
  v === null || v === undefined || v === '' ? null : typeof v === 'object' ? JSON.stringify(v) : String(v);

export function RowHistory({ tableId, rowId, version }: Props) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<AuditEntry[]>([]);

  useEffect(() => {
    let live = true;
    api
      .get<{ list: AuditEntry[] }>('/api/v1/db/meta/audits', {
        fk_model_id: tableId,
        row_id: rowId,
        limit: 50,
      })
      .then((r) => live && setEntries(r.list))
      .catch(() => live && setEntries([]));
    return () => {
      live = false;
    };
  }, [tableId, rowId, version]);

  const lines = (a: AuditEntry): string[] => {
    const user = a.user ?? t('history.someone');
    if (a.op_sub_type === 'UPDATE') {
      const changes = (
        JSON.parse(a.details ?? '{}') as { changes?: { field: string; old: unknown; new: unknown }[] }
      ).changes;
      return (changes ?? []).map((c) =>
        t('history.changed', {
          user,
          field: c.field,
          old: shown(c.old) ?? t('history.empty'),
          new: shown(c.new) ?? t('history.empty'),
        }),
      );
    }
    if (a.op_sub_type === 'INSERT') return [t('history.inserted', { user })];
    if (a.op_sub_type === 'LINK_RECORD') return [t('history.linked', { user })];
    if (a.op_sub_type === 'UNLINK_RECORD') return [t('history.unlinked', { user })];
    return [];
  };

  return (
    <section className="mt-4" data-testid="row-history">
      <h4 className="mb-1 font-semibold">{t('history.title')}</h4>
      {entries.length === 0 && <p className="text-gray-500">{t('history.none')}</p>}
      <ul className="space-y-1 text-[13px]">
        {entries.flatMap((a) =>
          lines(a).map((line, i) => (
            <li key={`${a.id}-${i}`}>
              {line},{' '}
              <span title={new Date(a.created_at).toLocaleString()}>{dayjs(a.created_at).fromNow()}</span>
            </li>
          )),
        )}
      </ul>
    </section>
  );
}
