/** /profile/{username?}: a user's profile card (the signed-in user's own when no name is given). */
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useMe } from '../../api/auth';
import { orgUsersApi } from '../../api/org-users';

interface Profile {
  email?: string;
  display_name?: string | null;
  firstname?: string | null;
  lastname?: string | null;
}

export function ProfilePage() {
  const { t } = useTranslation();
  const { username } = useParams();
  const me = useMe();
  const other = useQuery({
    queryKey: ['profile', username],
    queryFn: () => orgUsersApi.profile(username!),
    enabled: !!username,
  });
  const profile: Profile | undefined = username ? other.data : me.data;
  if (other.error) throw other.error;
  if (!profile) return <Spin className="m-8" />;
  const name =
    profile.display_name ||
    [profile.firstname, profile.lastname].filter(Boolean).join(' ') ||
    profile.email ||
    '';
  return (
    <div className="mx-auto max-w-xl p-8">
      <Card>
        <div className="flex items-center gap-4">
          <Avatar size={64} style={{ backgroundColor: 'var(--rb-accent)' }}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <h1 className="text-xl font-semibold">{name}</h1>
            <p className="text-gray-600">{profile.email}</p>
          </div>
        </div>
        {!username && (
          <Link className="mt-4 inline-block" to="/account/profile">
            {t('nav.accountSettings')}
          </Link>
        )}
      </Card>
    </div>
  );
}
