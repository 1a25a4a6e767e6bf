/** A shared ER diagram link: the diagram itself comes with the ERD issue; the shared ERD header is sent. */
import { Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { setSharedContext } from '../../api/shared-context';

export function SharedErdPage() {
  const { t } = useTranslation();
  const { erdUuid } = useParams();
  useEffect(() => {
    setSharedContext({ sharedErdId: erdUuid });
    return () => setSharedContext({});
  }, [erdUuid]);
  return <Result status="info" title={t('tools.erd')} subTitle={t('msg.notInThisVersion')} />;
}
