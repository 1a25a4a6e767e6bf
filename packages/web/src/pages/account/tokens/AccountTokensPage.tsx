import { useTranslation } from 'react-i18next';
import { tokensApi } from '../../../api/tokens';
import { TokensTable } from '../../../components/TokensTable';

export function AccountTokensPage() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('account.tokens')}</h1>
      <TokensTable
        queryKey={['tokens']}
        list={tokensApi.list}
        create={tokensApi.create}
        remove={tokensApi.delete}
        canManage
      />
    </>
  );
}
