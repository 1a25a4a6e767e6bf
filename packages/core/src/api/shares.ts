/**
 * Contracts of sharing (docs/api-compatibility.md Sharing, Public shared access): shared views (uuid, optional password,
 * CSV download), shared bases (viewer or editor role) and shared ERDs.
 */
import { z } from 'zod';

export const SHARED_VIEW_PASSWORD_HEADER = 'xc-password';
export const SHARED_BASE_HEADER = 'xc-shared-base-id';
export const SHARED_ERD_HEADER = 'xc-shared-erd-id';

export const updateViewShareBody = z.object({
  /** A new password; empty or null removes the protection. */
  password: z.string().max(256, 'password must be at most 256 characters').nullable().optional(),
  meta: z
    .union([
      z.object({ allowCSVDownload: z.boolean().optional() }).catchall(z.unknown()),
      z.string().max(100000),
    ])
    .nullable()
    .optional(),
});
export type UpdateViewShareBody = z.infer<typeof updateViewShareBody>;

export const SHARED_BASE_ROLES = ['viewer', 'editor'] as const;
export type SharedBaseRole = (typeof SHARED_BASE_ROLES)[number];

export const sharedBaseBody = z.object({
  roles: z.enum(SHARED_BASE_ROLES, { error: 'roles must be viewer or editor' }).optional(),
  password: z.string().max(256).nullable().optional(),
});
export type SharedBaseBody = z.infer<typeof sharedBaseBody>;

export interface ViewShareReply {
  id: string;
  uuid: string | null;
  title: string;
  type: number;
  fk_model_id: string;
  meta: Record<string, unknown>;
  /** True when a password protects the share; the password itself never leaves the server. */
  password: boolean;
}

export interface SharedBaseReply {
  uuid: string | null;
  url: string | null;
  roles: SharedBaseRole | null;
}
