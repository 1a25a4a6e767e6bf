/** Toasts for errors and notices: antd notifications, 4.5 s, 65 px from the top, centred (docs/behaviour/limits.md). */
import { extractErrorMessage, type FailedCall, type ValidationIssue } from '@rowbase/core/errors';
import { message, notification } from 'antd';
import i18next from 'i18next';
import { issuesText } from './issue-text';

notification.config({ duration: 4.5, top: 65, placement: 'top' });
message.config({ duration: 3 });

/**
 * The message for anything thrown by a call: the server's msg, or, for a list of validation problems, each
 * problem under the label of what the person filled in rather than the request path it came from.
 */
export function errorMessageOf(error: unknown): string {
  const issues = validationIssuesOf(error);
  if (issues.length) return issuesText(issues, (key, params) => i18next.t(key, params));
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

function validationIssuesOf(error: unknown): ValidationIssue[] {
  const data = (error as FailedCall | null)?.response?.data as { errors?: unknown } | null | undefined;
  const list = data && typeof data === 'object' ? data.errors : undefined;
  return Array.isArray(list) ? list.filter((e): e is ValidationIssue => typeof e?.message === 'string') : [];
}
