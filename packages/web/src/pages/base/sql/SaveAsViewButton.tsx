/**
 * "Save as view": asks for a title and saves the statement as a database view, which then appears in the
 * sidebar as a read-only table. The server runs the statement behind the SQL page's guards first.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, notifySuccess } from '../../../api/notify';
import { sqlApi, sqlSchemaKey } from '../../../api/sql';
import { tablesKey } from '../../../api/tables';
import { TitleModal } from '../../../components/TitleModal';

interface Props {
  baseId: string;
  sourceId: string | undefined;
  sql: string;
}

export function SaveAsViewButton({ baseId, sourceId, sql }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const save = useMutation({
    mutationFn: (title: string) => sqlApi.createView(baseId, sourceId!, title, sql),
    meta: { silent: true },
    onSuccess: async (table) => {
      setOpen(false);
      notifySuccess(t('sql.viewSaved', { title: table.title }));
      await Promise.all([
        qc.invalidateQueries({ queryKey: tablesKey(baseId) }),
        qc.invalidateQueries({ queryKey: sqlSchemaKey(baseId, sourceId) }),
      ]);
    },
  });
  return (
    <>
      <Button
        onClick={() => (save.reset(), setOpen(true))}
        disabled={!sql.trim() || !sourceId}
        data-testid="sql-save-view"
      >
        {t('sql.saveAsView')}
      </Button>
      <TitleModal
        open={open}
        title={t('sql.saveAsView')}
        okText={t('action.save')}
        pending={save.isPending}
        onCancel={() => setOpen(false)}
        onSubmit={(title) => save.mutate(title)}
        extra={
          save.isError ? (
            <Alert
              className="mb-3"
              type="error"
              showIcon
              message={errorMessageOf(save.error)}
              data-testid="sql-save-view-error"
            />
          ) : null
        }
      />
    </>
  );
}
