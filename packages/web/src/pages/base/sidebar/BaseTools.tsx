/** The base's tools in the sidebar: SQL editor (owners and creators), relations diagram, REST API docs. */
import type { BaseMeta } from '@rowbase/core/api/meta';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { usePermissions } from '../../../app/use-permissions';
import { SIDEBAR_ICONS } from './sidebar-items';

interface Props {
  base: BaseMeta;
  home: string;
  itemClass: (s: { isActive: boolean }) => string;
}

export function BaseTools({ base, home, itemClass }: Props) {
  const { t } = useTranslation();
  const { allowed } = usePermissions(base.id);
  const source = base.sources?.find((s) => s.is_meta) ?? base.sources?.[0];
  return (
    <div className="mt-3 flex flex-col gap-0.5" data-testid="base-tools">
      {allowed('sourceCreate') && (
        <NavLink to={`${home}/sql`} className={itemClass} data-testid="tool-sql">
          {SIDEBAR_ICONS.sql} {t('tools.sql')}
        </NavLink>
      )}
      {source && (
        <NavLink to={`${home}/erd/${source.id}`} className={itemClass} data-testid="tool-erd">
          {SIDEBAR_ICONS.erd} {t('tools.erd')}
        </NavLink>
      )}
      {allowed('apiDocs') && (
        <a
          href={`/api/v2/meta/bases/${base.id}/swagger`}
          target="_blank"
          rel="noreferrer"
          className={itemClass({ isActive: false })}
          data-testid="tool-api-docs"
        >
          {SIDEBAR_ICONS.doc} {t('tools.apiDocs')}
        </a>
      )}
    </div>
  );
}
