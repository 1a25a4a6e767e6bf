/**
 * The bell beside the user menu: the number of unread notifications (asked again every 30 seconds and when the
 * tab regains focus), and a list of the latest ones; opening one marks it read and goes to its table.
 */
import { Badge, Button, Popover } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../api/client';

interface Notification {
  id: string;
  type: string;
  is_read: boolean;
  created_at: string;
  body: { base_id?: string; fk_model_id?: string; table_title?: string; user?: { email?: string } };
}
interface Inbox {
  list: Notification[];
  unreadCount: number;
}

const KEY = ['notifications'];

export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
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
              {t('notifications.mentioned', {
                user: n.body.user?.email ?? t('history.someone'),
                table: n.body.table_title ?? '',
              })}
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
