/** The base area: the sidebar of tables and views beside the base home or a table. */
import { Spin } from 'antd';
import { Outlet } from 'react-router-dom';
import { SidebarFrame } from '../../components/SidebarFrame';
import { DocsSidebar } from '../../docs/DocsSidebar';
import { SharedBaseArea } from '../shared-base/SharedBaseArea';
import { BaseSidebar } from './sidebar/BaseSidebar';
import { useBase, useBaseParams, useSharedBaseContext } from './use-base';

/** A shared base link (typeOrId = base) opens the read-only shared base instead. */
export function BaseArea() {
  return useBaseParams().shared ? <SharedBaseArea /> : <OwnBaseArea />;
}

function OwnBaseArea() {
  useSharedBaseContext();
  const base = useBase();
  if (base.error) throw base.error;
  const sidebar = !base.data ? (
    <Spin className="m-4" />
  ) : base.data.type === 'documentation' ? (
    <DocsSidebar base={base.data} />
  ) : (
    <BaseSidebar base={base.data} />
  );
  return <SidebarFrame sidebar={sidebar}>{base.data ? <Outlet /> : null}</SidebarFrame>;
}
