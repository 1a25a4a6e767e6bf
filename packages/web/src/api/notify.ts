/** Toasts for errors and notices: antd notifications, 4.5 s, 65 px from the top, centred (SPEC §9). */
import { extractErrorMessage, type FailedCall } from '@rowbase/core/errors';
import { message, notification } from 'antd';

notification.config({ duration: 4.5, top: 65, placement: 'top' });
message.config({ duration: 3 });

/** The SPEC §8 message for anything thrown by a call. */
export function errorMessageOf(error: unknown): string {
  if (error && typeof error === 'object') return extractErrorMessage(error as FailedCall);
  return extractErrorMessage({ message: String(error) });
}

export function notifyError(error: unknown): void {
  notification.error({ title: errorMessageOf(error) });
}

export function notifyInfo(text: string): void {
  notification.info({ title: text });
}

export function notifySuccess(text: string): void {
  message.success(text);
}
