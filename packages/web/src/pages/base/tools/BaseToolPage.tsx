/**
 * The base tool routes of docs/behaviour/web-app.md (auth, sql, erd/{sourceId}). Their full pages belong to later issues; until
 * then each says what it is and that it is not available in this version, rather than showing nothing.
 */
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

function ToolNotice({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <Result status="info" title={t(titleKey)} subTitle={t('msg.notInThisVersion')} />;
}

export const BaseAuthPage = () => <ToolNotice titleKey="base.tabs.collaborators" />;
export const BaseSqlPage = () => <ToolNotice titleKey="tools.sql" />;
export const BaseErdPage = () => <ToolNotice titleKey="tools.erd" />;
