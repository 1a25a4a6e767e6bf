/** The base's sidebar: home, tables (each with its views), and the base tools; create table when allowed. */
import type { BaseMeta } from '@rowbase/core/api/meta';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams, useSearchParams } from 'react-router-dom';
import { basePath } from '../../../app/nav-paths';
import { usePermissions } from '../../../app/use-permissions';
import { useTables } from '../use-base';
import { CreateTableModal } from './CreateTableModal';
import { ImportWizard } from '../../../imports/ImportWizard';
import { PreviewAs } from './PreviewAs';
import { SIDEBAR_ICONS } from './sidebar-items';
import { TableItem } from './TableItem';
import { JobProgressItem } from '../../../jobs/JobProgressItem';
import { useRunningJobs } from '../../../jobs/running-jobs';
import { BaseTools } from './BaseTools';
import { LayoutList } from '../../../dashboards/LayoutList';
import { TABLE_COPY_JOB, useRestoredTableCopies } from './table-copy-jobs';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2 truncate rounded px-2 py-1 text-sm ${isActive ? 'bg-indigo-50 text-indigo-700' : 'text-gray-800 hover:bg-gray-200'}`;

export function BaseSidebar({ base }: { base: BaseMeta }) {
  const { t } = useTranslation();
  const { typeOrId = 'nc' } = useParams();
  const { allowed } = usePermissions(base.id);
  const tables = useTables().data?.list ?? [];
  const copies = useRunningJobs(TABLE_COPY_JOB, base.id);
  useRestoredTableCopies(base.id);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const tab = useSearchParams()[0].get('tab');
  const home = typeOrId === 'nc' ? basePath(base.id) : `/${typeOrId}/${base.id}`;
  return (
    <nav className="flex flex-col gap-0.5 px-2" aria-label={base.title}>
      <Link to="/" className="px-2 pb-2 text-xs text-gray-500 hover:text-gray-800">
        <span className="inline-block rtl:rotate-180">←</span> {t('nav.allBases')}
      </Link>
      <NavLink end to={home} className={itemClass} data-testid="base-home-link">
        <span className="font-semibold">{base.title}</span>
      </NavLink>
      {base.type === 'dashboard' ? (
        <LayoutList base={base} home={home} itemClass={itemClass} />
      ) : (
        <>
          <div className="mt-3 flex items-center justify-between px-2 text-xs font-semibold uppercase text-gray-500">
            <span>{t('nav.tables')}</span>
            {allowed('tableCreate') && (
              <Button
                size="small"
                type="text"
                onClick={() => setCreating(true)}
                aria-label={t('table.create')}
                data-testid="create-table"
              >
                +
              </Button>
            )}
            {allowed('csvImport') && (
              <Button
                size="small"
                type="text"
                onClick={() => setImporting(true)}
                aria-label={t('import.open')}
                data-testid="import-table"
              >
                ⇪
              </Button>
            )}
          </div>
          <ul data-testid="table-list">
            {tables.map((table, index) => (
              <TableItem key={table.id} table={table} index={index} tables={tables} baseId={base.id} />
            ))}
            {copies.map((job) => (
              <li key={job.id}>
                <JobProgressItem job={job} label={t('table.duplicating', { title: job.title })} />
              </li>
            ))}
          </ul>
        </>
      )}
      {allowed('settingsPage') && (
        <div className="mt-3 flex flex-col gap-0.5">
          <Link to={`${home}?tab=collaborators`} className={itemClass({ isActive: tab === 'collaborators' })}>
            {SIDEBAR_ICONS.auth} {t('base.tabs.collaborators')}
          </Link>
          <Link to={`${home}?tab=sources`} className={itemClass({ isActive: tab === 'sources' })}>
            {SIDEBAR_ICONS.db} {t('base.tabs.sources')}
          </Link>
          <NavLink to={`${home}/audit`} className={itemClass} data-testid="tool-audit">
            {SIDEBAR_ICONS.audit} {t('audit.title')}
          </NavLink>
        </div>
      )}
      <BaseTools base={base} home={home} itemClass={itemClass} />
      <PreviewAs baseId={base.id} />
      <CreateTableModal baseId={base.id} open={creating} onClose={() => setCreating(false)} />
      <ImportWizard baseId={base.id} open={importing} onClose={() => setImporting(false)} />
    </nav>
  );
}
