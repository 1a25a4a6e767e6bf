/**
 * The base tool route `auth` (docs/behaviour/web-app.md). Its full page belongs to a later issue; until then it
 * says what it is and that it is not available in this version, rather than showing nothing.
 */
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

function ToolNotice({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <Result status="info" title={t(titleKey)} subTitle={t('msg.notInThisVersion')} />;
}

export const BaseAuthPage = () => <ToolNotice titleKey="base.tabs.collaborators" />;
