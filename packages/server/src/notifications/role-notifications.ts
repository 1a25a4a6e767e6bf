/**
 * Notifications about a user's place in a base (docs/notifications.md#triggers), fed by the change feed:
 * `invite` when someone adds them to a base, `role_changed` when someone changes their base role. Changes a user
 * makes to themselves, and changes made without a signed-in user (jobs, set-up), notify no one.
 */
import { currentUser } from '../audit/request-context.js';
import type { ChangeOf } from '../changes/change-events.js';
import type { AppContext } from '../context.js';
import { notificationsOf } from './notifications.js';

export function startRoleNotifications(ctx: AppContext): () => void {
  return ctx.changes.subscribe(
    (event) => {
      const e = event as ChangeOf<'role.changed'>;
      if (e.origin !== ctx.changes.origin || !e.baseId || !e.role) return;
      if (e.action !== 'created' && e.action !== 'updated') return;
      const actor = currentUser();
      if (!actor || actor.id === e.userId) return;
      const baseId = e.baseId;
      const notify = async () => {
        const base = await ctx.db('rb_bases').where({ id: baseId }).first('title');
        if (!base) return;
        await notificationsOf(ctx).add([e.userId], e.action === 'created' ? 'invite' : 'role_changed', {
          base_id: baseId,
          base_title: base.title,
          role: e.role,
          user: { id: actor.id, email: actor.email, display_name: actor.displayName },
        });
      };
      notify().catch((err: unknown) => ctx.log.error({ err }, 'role notification failed'));
    },
    { name: 'role-notifications', types: ['role.changed'] },
  );
}
