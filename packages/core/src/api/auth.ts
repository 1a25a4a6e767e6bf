/** Contracts of the auth endpoints (docs/api-compatibility.md Auth): request bodies and replies. */
import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 8;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(255, 'Email must be at most 255 characters')
  .pipe(z.email({ error: 'Invalid email' }));

/** A password is strong enough with 8+ characters including a letter and a digit or symbol. */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(256, 'Password must be at most 256 characters')
  .refine((p) => /[A-Za-z]/.test(p) && /[^A-Za-z]/.test(p), {
    message: 'Password must contain a letter and a number or symbol',
  });

export const signupBody = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstname: z.string().trim().max(255).optional(),
  lastname: z.string().trim().max(255).optional(),
  /** An invite token from an invitation e-mail. */
  token: z.string().optional(),
  ignore_subscribe: z.boolean().optional(),
});
export type SignupBody = z.infer<typeof signupBody>;

export const signinBody = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type SigninBody = z.infer<typeof signinBody>;

export const tokenReply = z.object({ token: z.string() });
export type TokenReply = z.infer<typeof tokenReply>;

export const forgotPasswordBody = z.object({ email: emailSchema });
export const resetPasswordBody = z.object({ password: newPasswordSchema });
export const changePasswordBody = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: newPasswordSchema,
});

/** `GET /auth/user/me`. A visitor without a token gets `roles: { guest: true }` and nothing else. */
export interface MeReply {
  id?: string;
  email?: string;
  firstname?: string | null;
  lastname?: string | null;
  display_name?: string | null;
  email_verified?: boolean;
  roles: Record<string, boolean>;
  base_roles?: Record<string, boolean> & { base_id?: string };
  workspace_roles?: Record<string, boolean>;
}
