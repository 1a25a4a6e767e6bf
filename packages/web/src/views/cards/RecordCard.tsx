/** A record as a card (gallery and kanban): the cover image, the display value as title, the chosen fields. */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import type { UIType } from '@rowbase/core/fields/ui-types';
import { memo, type CSSProperties, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { cellTypeOf } from '../../fields/registry';
import { coverUrl, type Row } from './card-data';

interface Props extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  row: Row;
  title: ColumnMeta | undefined;
  fields: ColumnMeta[];
  cover?: ColumnMeta;
  /** How the cover fills its box: crop to fill, or fit whole. */
  coverFit?: 'cover' | 'contain';
  style?: CSSProperties;
}

const text = (c: ColumnMeta, row: Row) => cellTypeOf(c.uidt as UIType).format(row[c.title], c);

export const RecordCard = memo(function RecordCard({
  row,
  title,
  fields,
  cover,
  coverFit = 'cover',
  className = '',
  ...rest
}: Props) {
  const { t } = useTranslation();
  const url = cover ? coverUrl(row[cover.title]) : undefined;
  const heading = title ? text(title, row) : '';
  return (
    <div
      className={`flex cursor-pointer flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm hover:shadow ${className}`}
      data-testid="record-card"
      {...rest}
    >
      {cover && (
        <div className="h-32 shrink-0 bg-gray-100">
          {url && (
            <img
              src={url}
              alt=""
              loading="lazy"
              decoding="async"
              className="h-full w-full"
              style={{ objectFit: coverFit }}
            />
          )}
        </div>
      )}
      <div className="flex min-h-0 flex-col gap-1 p-2 text-sm">
        <div className="truncate font-semibold" data-testid="card-title">
          {heading || <span className="text-gray-400">{t('cards.untitled')}</span>}
        </div>
        {fields.map((c) => (
          <div key={c.id} className="min-w-0">
            <div className="text-[10px] uppercase text-gray-400">{c.title}</div>
            <div className="truncate text-gray-700" data-testid={`card-field-${c.title}`}>
              {text(c, row) || '\u00a0'}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
});
