/** The server's preview of a draft formula (POST /api/v1/db/meta/tables/{id}/formula-preview). */
import { ApiError, request } from '../../api/client';
import { errorMessageOf } from '../../api/notify';

export interface PreviewRow {
  id: unknown;
  value: unknown;
}

export type Preview =
  | { state: 'empty' }
  | { state: 'ok'; type: string; rows: PreviewRow[] }
  | { state: 'error'; message: string; position?: number };

export async function fetchPreview(
  tableId: string,
  formula: string,
  columnId: string | undefined,
  signal: AbortSignal,
): Promise<Preview> {
  if (!formula.trim()) return { state: 'empty' };
  try {
    const reply = await request<{ type: string; rows: PreviewRow[] }>(
      'POST',
      `/api/v1/db/meta/tables/${tableId}/formula-preview`,
      { body: { formula_raw: formula, column_id: columnId }, signal },
    );
    return { state: 'ok', type: reply.type, rows: reply.rows };
  } catch (err) {
    const data =
      err instanceof ApiError ? (err.response.data as { errors?: { position?: number }[] }) : undefined;
    return { state: 'error', message: errorMessageOf(err), position: data?.errors?.[0]?.position };
  }
}
