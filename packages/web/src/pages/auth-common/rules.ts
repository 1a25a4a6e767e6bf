/** Form rules shared by the auth pages, with translated messages; the server checks the same with core's zod. */
import { MIN_PASSWORD_LENGTH } from '@rowbase/core/api/auth';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

export const emailRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('validation.emailRequired') },
  { type: 'email', message: t('validation.emailInvalid') },
];

export const newPasswordRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('validation.passwordRequired') },
  {
    validator: (_rule, value: string | undefined) =>
      !value || (value.length >= MIN_PASSWORD_LENGTH && /[A-Za-z]/.test(value) && /[^A-Za-z]/.test(value))
        ? Promise.resolve()
        : Promise.reject(new Error(t('validation.passwordWeak', { min: MIN_PASSWORD_LENGTH }))),
  },
];
