/** The base area: the sidebar of tables and views beside the base home or a table. */
import { Spin } from 'antd';
import { Outlet } from 'react-router-dom';
import { SidebarFrame } from '../../components/SidebarFrame';
import { BaseSidebar } from './sidebar/BaseSidebar';
import { useBase, useSharedBaseContext } from './use-base';

export function BaseArea() {
  useSharedBaseContext();
  const base = useBase();
  if (base.error) throw base.error;
  return (
    <SidebarFrame sidebar={base.data ? <BaseSidebar base={base.data} /> : <Spin className="m-4" />}>
      {base.data ? <Outlet /> : null}
    </SidebarFrame>
  );
}
