import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The AI cowriter of a cowriter base (its own later issue). */
export function CowriterPage() {
  const { t } = useTranslation();
  return <Result status="info" title={t('baseKind.cowriter')} subTitle={t('msg.notInThisVersion')} />;
}
