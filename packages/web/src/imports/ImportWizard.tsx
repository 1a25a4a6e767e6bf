/**
 * The import wizard: pick or paste a file, see the detected fields and first rows (the server parses the file,
 * so a big one never blocks the page), rename or retype fields, pick the sheets of a workbook to import (each
 * into a table of its own, previewed one at a time), import with a progress bar fed by the job
 * listener, cancel, and a summary with the skipped rows downloadable as CSV. Given a `table`, the file's rows go
 * into that table instead: each column is mapped to a field (AppendMapping), optionally matching rows to update.
 */
import type { TableMeta } from '@rowbase/core/api/meta';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Progress, Table } from 'antd';
import { Select } from '../components/still-pickers';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { tablesKey } from '../api/tables';
import { useStillModalMotion } from '../components/modal-motion';
import { tablePath } from '../app/nav-paths';
import { listenToJob, type JobListening } from '../jobs/job-listener';
import { jobsApi } from '../api/jobs';
import { getToken } from '../session/session';
import { subscribeSettings } from '../session/stored-settings';
import { rateOf, rowsOfProgress } from './import-progress';
import { AppendSettings, TargetFieldSelect } from './AppendMapping';
import { defaultMapping } from './append-mapping';
import { importsApi, type AppendOptions, type ImportPreview, type ImportResult } from './imports-api';
import { newTableOptions, type SheetEdit, type WorkbookChoice } from './sheet-choices';
import { SheetPicker } from './SheetPicker';

const IMPORT_TYPES = [
  'SingleLineText',
  'LongText',
  'Number',
  'Decimal',
  'Currency',
  'Checkbox',
  'Date',
  'Email',
  'URL',
  'SingleSelect',
  'MultiSelect',
];

type Stage =
  | { step: 'pick' }
  | { step: 'preview'; file: File; preview: ImportPreview }
  | { step: 'running'; jobId: string; done: number; total: number; startedAt: number; now: number }
  | { step: 'done'; jobId: string; result: ImportResult }
  | { step: 'failed'; message: string };

export function ImportWizard({
  baseId,
  open,
  onClose,
  table,
}: {
  baseId: string;
  open: boolean;
  onClose: () => void;
  /** Import into this existing table instead of a new one. */
  table?: TableMeta;
}) {
  const { t } = useTranslation();
  const motion = useStillModalMotion();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>({ step: 'pick' });
  const [pasted, setPasted] = useState('');
  const [title, setTitle] = useState('');
  const [columns, setColumns] = useState<{ index: number; title: string; uidt: string }[]>([]);
  const [append, setAppend] = useState<AppendOptions>({ columns: [], skipBadRows: false });
  // A workbook of several sheets (new tables only): the sheets chosen, the one shown, edits of the others.
  const [workbook, setWorkbook] = useState<WorkbookChoice | null>(null);
  const [sheetEdits, setSheetEdits] = useState<Record<string, SheetEdit>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listening = useRef<JobListening | null>(null);
  useEffect(() => () => listening.current?.stop(), []);

  const reset = () => {
    listening.current?.stop();
    setStage({ step: 'pick' });
    setPasted('');
    setError(null);
    setWorkbook(null);
    setSheetEdits({});
  };
  const close = () => {
    reset();
    onClose();
  };

  const loadPreview = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      const preview = await importsApi.preview(baseId, file);
      const several = !table && preview.sheets && preview.sheets.length > 1 && preview.sheet;
      setWorkbook(
        several ? { sheets: preview.sheets!, chosen: [preview.sheet!], shown: preview.sheet! } : null,
      );
      setSheetEdits({});
      setTitle(several ? preview.sheet! : file.name.replace(/\.[^.]*$/, ''));
      setColumns(preview.columns.map((c) => ({ index: c.index, title: c.title, uidt: c.uidt })));
      if (table) setAppend({ columns: defaultMapping(table, preview.columns), skipBadRows: false });
      setStage({ step: 'preview', file, preview });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  /** Previews another sheet of the workbook, keeping the edits made to the one shown until now. */
  const showSheet = async (file: File, sheet: string) => {
    if (!workbook) return;
    setBusy(true);
    setError(null);
    try {
      const preview = await importsApi.preview(baseId, file, sheet);
      const edits = { ...sheetEdits, [workbook.shown]: { title, columns } };
      const edit = edits[sheet];
      setSheetEdits(edits);
      setWorkbook({ ...workbook, shown: sheet });
      setTitle(edit?.title ?? sheet);
      setColumns(
        edit?.columns ?? preview.columns.map((c) => ({ index: c.index, title: c.title, uidt: c.uidt })),
      );
      setStage({ step: 'preview', file, preview });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const start = async (file: File, total: number) => {
    setBusy(true);
    try {
      const { id } = table
        ? await importsApi.append(table.id, file, append)
        : await importsApi.start(baseId, file, newTableOptions(workbook, { title, columns }, sheetEdits));
      const startedAt = Date.now();
      setStage({ step: 'running', jobId: id, done: 0, total, startedAt, now: startedAt });
      listening.current = listenToJob(
        id,
        {
          onUpdate: (d) => {
            const rows = rowsOfProgress(d.data?.message);
            if (rows) setStage((s) => (s.step === 'running' ? { ...s, ...rows, now: Date.now() } : s));
          },
          onClose: (d) => {
            void qc.invalidateQueries({ queryKey: tablesKey(baseId) });
            if (d.status === 'completed')
              setStage({ step: 'done', jobId: id, result: d.data?.result as ImportResult });
            else setStage({ step: 'failed', message: d.data?.error?.message ?? t('import.failed') });
          },
        },
        { listen: jobsApi.listen, getToken, subscribeToken: subscribeSettings },
      );
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const downloadSkipped = async (jobId: string) => {
    const blob = await importsApi.skippedCsv(jobId);
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'skipped-rows.csv';
    a.click();
    URL.revokeObjectURL(a.href);
  };

  return (
    <Modal
      {...motion}
      open={open}
      title={table ? t('import.intoTable', { title: table.title }) : t('import.title')}
      onCancel={close}
      footer={null}
      width={900}
      destroyOnHidden
    >
      {error && <Alert type="error" message={error} className="mb-3" data-testid="import-error" />}
      {stage.step === 'pick' && (
        <div className="flex flex-col gap-3">
          <input
            type="file"
            accept=".csv,.tsv,.txt,.json,.xlsx"
            data-testid="import-file"
            aria-label={t('import.chooseFile')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void loadPreview(file);
            }}
          />
          <Input.TextArea
            rows={6}
            value={pasted}
            placeholder={t('import.pastePlaceholder')}
            onChange={(e) => setPasted(e.target.value)}
            data-testid="import-paste"
          />
          <Button
            disabled={!pasted.trim()}
            loading={busy}
            onClick={() => void loadPreview(new File([pasted], 'Pasted.csv', { type: 'text/csv' }))}
          >
            {t('import.previewPasted')}
          </Button>
        </div>
      )}
      {stage.step === 'preview' && (
        <div className="flex flex-col gap-3" data-testid="import-preview">
          {workbook && (
            <SheetPicker
              workbook={workbook}
              onChoose={(chosen) => setWorkbook({ ...workbook, chosen })}
              onShow={(sheet) => void showSheet(stage.file, sheet)}
            />
          )}
          {table ? (
            <AppendSettings table={table} options={append} onChange={setAppend} />
          ) : (
            <label className="flex items-center gap-2">
              {t('import.tableName')}
              <Input
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                data-testid="import-table-title"
              />
            </label>
          )}
          <div className="text-sm text-gray-600">{t('import.rowCount', { count: stage.preview.total })}</div>
          <div className="overflow-x-auto">
            <Table
              size="small"
              pagination={false}
              rowKey={(_, i) => String(i)}
              dataSource={stage.preview.rows.slice(0, 10).map((r) => ({ r }))}
              columns={columns.map((c, i) => ({
                key: c.index,
                title: table ? (
                  <div className="flex min-w-36 flex-col gap-1" data-testid={`import-column-${i}`}>
                    <span>{c.title}</span>
                    <TargetFieldSelect
                      table={table}
                      column={c}
                      options={append}
                      onChange={setAppend}
                      testId={`import-target-${i}`}
                    />
                  </div>
                ) : (
                  <div className="flex min-w-36 flex-col gap-1" data-testid={`import-column-${i}`}>
                    <Input
                      size="small"
                      value={c.title}
                      aria-label={t('import.fieldName')}
                      onChange={(e) =>
                        setColumns((cs) => cs.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)))
                      }
                    />
                    <Select
                      size="small"
                      value={c.uidt}
                      aria-label={t('import.fieldType')}
                      data-testid={`import-type-${i}`}
                      options={IMPORT_TYPES.map((u) => ({ value: u, label: t(`fieldType.${u}`) }))}
                      onChange={(uidt) =>
                        setColumns((cs) => cs.map((x, j) => (j === i ? { ...x, uidt } : x)))
                      }
                    />
                  </div>
                ),
                render: (_: unknown, row: { r: unknown[] }) => String(row.r[c.index] ?? ''),
              }))}
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button onClick={reset}>{t('import.back')}</Button>
            <Button
              type="primary"
              loading={busy}
              disabled={table ? append.columns.length === 0 : !title.trim() || workbook?.chosen.length === 0}
              data-testid="import-start"
              onClick={() => void start(stage.file, stage.preview.total)}
            >
              {t('import.start')}
            </Button>
          </div>
        </div>
      )}
      {stage.step === 'running' && (
        <RunningImport stage={stage} onCancel={() => void importsApi.cancel(stage.jobId)} />
      )}
      {stage.step === 'done' && (
        <div className="flex flex-col gap-3" data-testid="import-summary">
          {(stage.result.tables && stage.result.tables.length > 1
            ? stage.result.tables
            : [{ rows_imported: stage.result.rows_imported, title: stage.result.title }]
          ).map((r) => (
            <div key={r.title} data-testid="import-imported">
              {t('import.imported', { count: r.rows_imported, title: r.title })}
            </div>
          ))}
          {!!stage.result.rows_updated && (
            <div data-testid="import-updated">
              {t('import.updated', { count: stage.result.rows_updated })}
            </div>
          )}
          {stage.result.rows_skipped > 0 && (
            <div className="flex items-center gap-2">
              {t('import.skipped', { count: stage.result.rows_skipped })}
              <Button
                size="small"
                onClick={() => void downloadSkipped(stage.jobId)}
                data-testid="import-skipped"
              >
                {t('import.downloadSkipped')}
              </Button>
            </div>
          )}
          <Button
            type="primary"
            data-testid="import-open-table"
            onClick={() => {
              close();
              navigate(tablePath(baseId, stage.result.table_id));
            }}
          >
            {t('import.openTable')}
          </Button>
        </div>
      )}
      {stage.step === 'failed' && (
        <div className="flex flex-col gap-3">
          <Alert type="error" message={stage.message} data-testid="import-failed" />
          <Button onClick={reset}>{t('import.back')}</Button>
        </div>
      )}
    </Modal>
  );
}

function RunningImport({
  stage,
  onCancel,
}: {
  stage: Extract<Stage, { step: 'running' }>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { rate, secondsLeft } = rateOf(stage.done, stage.total, stage.now - stage.startedAt);
  const percent = stage.total ? Math.floor((stage.done / stage.total) * 100) : 0;
  return (
    <div className="flex flex-col gap-3" data-testid="import-progress">
      <Progress percent={percent} />
      <div className="text-sm text-gray-600">
        {t('import.progress', { done: stage.done, total: stage.total, rate, seconds: secondsLeft })}
      </div>
      <Button danger onClick={onCancel} data-testid="import-cancel">
        {t('action.cancel')}
      </Button>
    </div>
  );
}
