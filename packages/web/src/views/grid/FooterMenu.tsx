/** The aggregation picker of a footer cell: the aggregations the field's type allows, or none. */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import type { Aggregation } from '@rowbase/core/fields/field-type';
import { aggregationsOf } from './footer-aggregates';
import { useTranslation } from 'react-i18next';

interface Props {
  column: ColumnMeta;
  current?: Aggregation;
  x: number;
  y: number;
  onChoose(type: Aggregation | null): void;
  onClose(): void;
}

export function FooterMenu({ column, current, x, y, onChoose, onClose }: Props) {
  const { t } = useTranslation();
  const pick = (t: Aggregation | null) => {
    onChoose(t);
    onClose();
  };
  return (
    <>
      <div className="fixed inset-0 z-20" onMouseDown={onClose} />
      <ul
        data-testid="footer-menu"
        className="absolute z-30 w-48 rounded border border-gray-200 bg-white py-1 text-[13px] shadow-lg"
        style={{ left: x, bottom: `calc(100% - ${y}px)` }}
      >
        <li>
          <button
            className="w-full px-3 py-1 text-left text-gray-500 hover:bg-gray-50"
            onClick={() => pick(null)}
          >
            {t('grid.footer.none')}
          </button>
        </li>
        {aggregationsOf(column).map((agg) => (
          <li key={agg}>
            <button
              className={`w-full px-3 py-1 text-left hover:bg-gray-50 ${agg === current ? 'font-semibold' : ''}`}
              onClick={() => pick(agg)}
            >
              {t(`grid.footer.aggregation.${agg}`)}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
