import { tokensApi } from '../../../api/tokens';
import { usePermissions } from '../../../app/use-permissions';
import { TokensTable } from '../../../components/TokensTable';

export function ApiTokensTab({ baseId }: { baseId: string }) {
  const { allowed } = usePermissions(baseId);
  return (
    <TokensTable
      queryKey={['base', baseId, 'api-tokens']}
      list={() => tokensApi.listForBase(baseId)}
      create={(d) => tokensApi.createForBase(baseId, d)}
      remove={(id) => tokensApi.deleteForBase(baseId, id)}
      canManage={allowed('settingsPage')}
    />
  );
}
