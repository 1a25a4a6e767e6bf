/** Password forgot / reset / change, reset-token and e-mail validation (docs/api-compatibility.md Auth). */
import { changePasswordBody, forgotPasswordBody, resetPasswordBody } from '@rowbase/core/api/auth';
import { forbidden } from '@rowbase/core/errors';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { requireUser } from '../http/principal.js';
import { limitAttempts } from '../http/rate-limit.js';
import { parseWith } from '../http/validate.js';
import { siteUrlOf } from '../mail/messages.js';
import {
  FORGOT_PASSWORD_REPLY,
  changePassword,
  forgotPassword,
  resetPassword,
  userOfResetToken,
  verifyEmail,
} from '../services/auth/credentials.js';
import { sendSession } from './auth.js';

export function authPasswordRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The same answer whether or not the address has an account.
  app.post('/api/v1/auth/password/forgot', async (req, reply) => {
    const { email } = parseWith(forgotPasswordBody, req.body);
    await limitAttempts(ctx, req, reply, 'password-forgot', email);
    await forgotPassword(ctx, email, siteUrlOf(ctx.config.publicUrl, req));
    return FORGOT_PASSWORD_REPLY;
  });

  app.post('/api/v1/auth/token/validate/:token', async (req) => {
    await userOfResetToken(ctx, (req.params as { token: string }).token);
    return true;
  });

  app.post('/api/v1/auth/password/reset/:token', async (req) => {
    const { password } = parseWith(resetPasswordBody, req.body);
    await resetPassword(ctx, (req.params as { token: string }).token, password);
    return { msg: 'Password has been reset successfully' };
  });

  app.post('/api/v1/auth/password/change', async (req, reply) => {
    const principal = requireUser(req);
    if (principal.via !== 'jwt') throw forbidden('Changing the password needs a signed-in session');
    const body = parseWith(changePasswordBody, req.body);
    const session = await changePassword(ctx, principal.user, body.currentPassword, body.newPassword);
    const { token } = sendSession(reply, ctx, session);
    return { msg: 'Password has been updated successfully', token };
  });

  app.post('/api/v1/auth/email/validate/:token', async (req) => {
    await verifyEmail(ctx, (req.params as { token: string }).token);
    return { msg: 'Email has been verified successfully' };
  });
}
