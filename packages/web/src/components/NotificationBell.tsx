/**
 * The bell beside the user menu: the number of unread notifications, and a list of the latest ones; opening one
 * marks it read and goes to its table (or base). New notifications arrive live over socket.io
 * (`notification:created`, docs/notifications.md); the count is also asked again every 30 seconds and when the
 * tab regains focus, in case the connection was down.
 */
import { Badge, Button } from 'antd';
import { Popover } from './still-popups';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../api/client';
import { onSocketEvent } from '../telemetry/socket';

interface Notification {
  id: string;
  type: string;
  is_read: boolean;
  created_at: string;
  body: {
    base_id?: string;
    base_title?: string;
    fk_model_id?: string;
    table_title?: string;
    role?: string;
    user?: { email?: string };
  };
}
interface Inbox {
  list: Notification[];
  unreadCount: number;
}

const KEY = ['notifications'];

/** Refreshes the inbox whenever the server pushes a new notification to this user's tabs (on the tab's one socket). */
function useLiveNotifications(client: QueryClient) {
  useEffect(
    () => onSocketEvent('notification:created', () => void client.invalidateQueries({ queryKey: KEY })),
    [client],
  );
}

export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  useLiveNotifications(client);
  const inbox = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<Inbox>('/api/v1/notifications', { limit: 20 }),
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  }).data;
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  const open = async (n: Notification) => {
    if (!n.is_read) await api.patch(`/api/v1/notifications/${n.id}`, { is_read: true });
    await refresh();
    if (n.body.base_id && n.body.fk_model_id) navigate(`/nc/${n.body.base_id}/${n.body.fk_model_id}`);
    else if (n.body.base_id) navigate(`/nc/${n.body.base_id}`);
  };
  const text = (n: Notification) => {
    const vars = {
      user: n.body.user?.email ?? t('history.someone'),
      table: n.body.table_title ?? '',
      base: n.body.base_title ?? '',
      role: n.body.role ?? '',
    };
    if (n.type === 'invite') return t('notifications.invited', vars);
    if (n.type === 'role_changed') return t('notifications.roleChanged', vars);
    if (n.type === 'comment_reply') return t('notifications.replied', vars);
    return t('notifications.mentioned', vars);
  };
  const unread = inbox?.unreadCount ?? 0;

  const content = (
    <div className="w-72" data-testid="notifications">
      <div className="mb-2 flex items-center justify-between">
        <b>{t('notifications.title')}</b>
        {unread > 0 && (
          <Button
            size="small"
            type="link"
            onClick={() => void api.post('/api/v1/notifications/mark-all-read', {}).then(refresh)}
          >
            {t('notifications.markAllRead')}
          </Button>
        )}
      </div>
      {!inbox?.list.length && <p className="text-gray-500">{t('notifications.none')}</p>}
      <ul className="space-y-1">
        {inbox?.list.map((n) => (
          <li key={n.id}>
            <button
              type="button"
              className={`w-full rounded px-2 py-1 text-start hover:bg-gray-100 ${n.is_read ? 'text-gray-500' : 'font-medium'}`}
              data-testid="notification"
              onClick={() => void open(n)}
            >
              {text(n)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" content={content}>
      <Button type="text" size="small" aria-label={t('notifications.title')} data-testid="notification-bell">
        <Badge count={unread} size="small" data-testid="notification-count">
          <span aria-hidden>🔔</span>
        </Badge>
      </Button>
    </Popover>
  );
}
