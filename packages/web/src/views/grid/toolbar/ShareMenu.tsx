/** Toolbar "Share": create the public link of the view, protect it with a password, or disable it. */
import { Button, Input } from 'antd';
import { useState } from 'react';
import { viewApi } from '../view-settings';

export function ShareMenu({ viewId, onError }: { viewId: string; onError(message: string): void }) {
  const [uuid, setUuid] = useState<string>();
  const [password, setPassword] = useState('');
  const fail = (e: unknown) => onError(e instanceof Error ? e.message : String(e));
  const link = uuid ? `${window.location.origin}/#/nc/view/${uuid}` : undefined;
  return (
    <div className="flex w-80 flex-col gap-2" data-testid="share-menu">
      {link ? (
        <>
          <Input readOnly value={link} data-testid="share-link" />
          <Input.Password
            placeholder="Password (optional)"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="flex gap-2">
            <Button
              size="small"
              onClick={() => void viewApi.updateShare(viewId, { password: password || null }).catch(fail)}
            >
              Save password
            </Button>
            <Button
              size="small"
              danger
              onClick={() => void viewApi.unshare(viewId).then(() => setUuid(undefined), fail)}
            >
              Disable link
            </Button>
          </div>
        </>
      ) : (
        <Button
          size="small"
          type="primary"
          onClick={() => void viewApi.share(viewId).then((s) => setUuid(s.uuid), fail)}
        >
          Create public link
        </Button>
      )}
    </div>
  );
}
