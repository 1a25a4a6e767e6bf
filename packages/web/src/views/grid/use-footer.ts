/** The footer's aggregations: chosen per field (saved in the view column's meta) and refreshed after changes. */
import type { Aggregation } from '@rowbase/core/fields/field-type';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { aggregationQuery, footerTexts } from './footer-aggregates';
import { appTransport, type GridHandle } from './use-grid';
import { useTranslation } from 'react-i18next';

export function useFooter(grid: GridHandle, baseId: string, tableId: string, viewId: string | undefined) {
  const { t } = useTranslation();
  const g = grid.controller;
  const aggregationLabel = useCallback((type: Aggregation) => t(`grid.footer.aggregation.${type}`), [t]);
  const fromSettings = useMemo(() => {
    const m = new Map<string, Aggregation>();
    for (const s of grid.settings) {
      const a = (s as { meta?: { aggregation?: Aggregation } | null }).meta?.aggregation;
      if (a) m.set(s.fk_column_id, a);
    }
    return m;
  }, [grid.settings]);
  const [chosen, setChosen] = useState(fromSettings);
  useEffect(() => setChosen(fromSettings), [fromSettings]);
  const chosenRef = useRef(chosen);
  chosenRef.current = chosen;

  const refresh = useCallback(async () => {
    const columns = g.columns;
    const q = aggregationQuery(columns, chosenRef.current);
    if (!q || !viewId) return g.setFooter(undefined);
    const where = grid.query.where ? `&where=${encodeURIComponent(grid.query.where)}` : '';
    try {
      const values = await appTransport<Record<string, unknown>>(
        'GET',
        `/api/v1/db/data/noco/${baseId}/${tableId}/views/${viewId}/aggregate?aggregation=${encodeURIComponent(q)}${where}`,
      );
      g.setFooter(footerTexts(columns, chosenRef.current, values, aggregationLabel));
    } catch {
      g.setFooter(footerTexts(columns, chosenRef.current, {}, aggregationLabel));
    }
  }, [g, baseId, tableId, viewId, grid.query.where, aggregationLabel]);

  useEffect(() => {
    void refresh();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), 300);
    };
    const offReload = g.cache.onReload(soon);
    const offWrite = g.onWrite(soon);
    return () => {
      clearTimeout(timer);
      offReload();
      offWrite();
    };
  }, [g, refresh, chosen]);

  /** Picks (or clears, with null) the aggregation of a field and saves it in the view column's meta. */
  const choose = useCallback(
    async (columnId: string, type: Aggregation | null) => {
      const next = new Map(chosenRef.current);
      if (type) next.set(columnId, type);
      else next.delete(columnId);
      setChosen(next);
      if (!viewId) return;
      const current = grid.settings.find((s) => s.fk_column_id === columnId) as
        { meta?: object | null } | undefined;
      await appTransport('PATCH', `/api/v1/db/meta/views/${viewId}/columns/${columnId}`, {
        meta: { ...(current?.meta ?? {}), aggregation: type },
      });
    },
    [grid.settings, viewId],
  );

  return { chosen, choose };
}
