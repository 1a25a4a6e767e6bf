/** /{typeOrId}/base/{uuid}: another address of a shared base; it opens /base/{uuid}. */
import { Navigate, useParams } from 'react-router-dom';

export function SharedBasePage() {
  const { baseId = '' } = useParams();
  return <Navigate to={`/base/${encodeURIComponent(baseId)}`} replace />;
}
