/** Contracts of organisation user management (docs/api-compatibility.md organisation), the profile and the app settings. */
import { z } from 'zod';
import { OrgRole } from '../permissions/roles.js';
import { emailSchema } from './auth.js';
import type { PageInfo } from './meta.js';

/** Roles a super admin can hand out; `super` itself is never assigned through the API. */
export const assignableOrgRole = z.enum([OrgRole.CREATOR, OrgRole.VIEWER], {
  error: `roles must be ${OrgRole.CREATOR} or ${OrgRole.VIEWER}`,
});

/** `POST /api/v1/users`: `email` may hold several comma-separated addresses, as NocoDB's invite form sends. */
export const inviteUsersBody = z.object({
  email: z
    .string({ error: 'email is required' })
    .transform((s) =>
      s
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    )
    .pipe(z.array(emailSchema).min(1, 'email is required').max(100, 'At most 100 emails at once')),
  roles: assignableOrgRole.default(OrgRole.VIEWER),
});
export type InviteUsersBody = z.infer<typeof inviteUsersBody>;

export const updateUserBody = z.object({ roles: assignableOrgRole });

/** `?limit=&offset=` of list endpoints. */
export const pageQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be at least 1')
    .max(1000, 'limit must be at most 1000')
    .default(25),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int()
    .min(0, 'offset must not be negative')
    .default(0),
});

export const listUsersQuery = pageQuery.extend({ query: z.string().trim().max(255).optional() });

const nameField = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .trim()
    .max(255, `${name} must be at most 255 characters`)
    .nullable()
    .optional();

export const updateProfileBody = z.object({
  firstname: nameField('firstname'),
  lastname: nameField('lastname'),
  display_name: nameField('display_name'),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const appSettingsBody = z
  .object({
    invite_only_signup: z.boolean({ error: 'invite_only_signup must be a boolean' }).optional(),
    /** Days audit entries are kept; 0 keeps them forever (docs/audit.md#retention). */
    audit_retention_days: z
      .number({ error: 'audit_retention_days must be a number of days' })
      .int('audit_retention_days must be a whole number of days')
      .min(0, 'audit_retention_days must be 0 (keep forever) or more')
      .max(36500, 'audit_retention_days must be at most 36500')
      .optional(),
  })
  .refine((b) => b.invite_only_signup !== undefined || b.audit_retention_days !== undefined, {
    error: 'invite_only_signup or audit_retention_days is required',
  });
export type AppSettingsPatch = z.infer<typeof appSettingsBody>;
export interface AppSettings {
  invite_only_signup: boolean;
  audit_retention_days: number;
}

/** `GET /api/v1/users/{id}`: what any signed-in user may see of another. */
export interface PublicProfile {
  id: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  display_name: string | null;
}

/** A row of `GET /api/v1/users`. */
export interface OrgUser {
  id: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  display_name: string | null;
  roles: string;
  email_verified: boolean;
  /** True while the invite is not yet accepted. */
  invite_pending: boolean;
  created_at: number;
  updated_at: number;
}

/** The `pageInfo` block of a list reply for `total` rows, read `limit` at a time from `offset`. */
export function pageInfoOf(total: number, limit: number, offset: number): PageInfo {
  return {
    totalRows: total,
    page: Math.floor(offset / limit) + 1,
    pageSize: limit,
    isFirstPage: offset === 0,
    isLastPage: offset + limit >= total,
  };
}
