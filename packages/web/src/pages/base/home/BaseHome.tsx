/** Base home: an overview of the tables and, for those allowed, the base settings tabs. */
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { usePermissions } from '../../../app/use-permissions';
import { ApiTokensTab } from '../settings/ApiTokensTab';
import { CollaboratorsTab } from '../settings/CollaboratorsTab';
import { SharedBaseTab } from '../settings/SharedBaseTab';
import { SourcesTab } from '../settings/SourcesTab';
import { useBase, useBaseParams } from '../use-base';
import { Overview } from './Overview';
import { LayoutsOverview } from '../../../dashboards/LayoutsOverview';

export function BaseHome() {
  const { t } = useTranslation();
  const { baseId } = useBaseParams();
  const base = useBase().data;
  const { allowed } = usePermissions(baseId);
  const [params, setParams] = useSearchParams();
  const tabs = [
    {
      key: 'overview',
      label: t('base.tabs.overview'),
      children:
        base?.type === 'dashboard' ? <LayoutsOverview baseId={baseId} /> : <Overview baseId={baseId} />,
    },
    allowed('newUser') && {
      key: 'collaborators',
      label: t('base.tabs.collaborators'),
      children: <CollaboratorsTab baseId={baseId} />,
    },
    allowed('baseShare') && {
      key: 'shared',
      label: t('base.tabs.shared'),
      children: <SharedBaseTab baseId={baseId} />,
    },
    allowed('apiDocs') && {
      key: 'tokens',
      label: t('base.tabs.tokens'),
      children: <ApiTokensTab baseId={baseId} />,
    },
    allowed('sourceCreate') && {
      key: 'sources',
      label: t('base.tabs.sources'),
      children: <SourcesTab baseId={baseId} />,
    },
  ].filter((x): x is Exclude<typeof x, false> => !!x);
  const active = tabs.some((tab) => tab.key === params.get('tab')) ? params.get('tab')! : 'overview';
  return (
    <div className="p-6 lg:p-8">
      <h1 className="mb-4 text-2xl font-semibold" data-testid="base-title">
        {base?.title}
      </h1>
      <Tabs
        activeKey={active}
        items={tabs}
        onChange={(key) => setParams(key === 'overview' ? {} : { tab: key })}
      />
    </div>
  );
}
