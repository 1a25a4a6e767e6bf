import { useEffect } from 'react';
import { useAppInfo } from '../api/app-info';
import { useToken } from '../session/session';
import { closeSocket, syncSocket } from './socket';

/** Keeps the telemetry socket in step with the token. */
export function useTelemetrySocket(): void {
  const token = useToken();
  const site = useAppInfo().data?.ncSiteUrl ?? location.origin;
  useEffect(() => {
    syncSocket(site, token);
  }, [site, token]);
  useEffect(() => closeSocket, []);
}
