/**
 * A shared form for anyone with the link: banner, logo, heading, subheading, the exposed fields with their
 * labels, help and required marks, answers pre-filled from the link's query string (and hidden when the form
 * says so), client-side checks (docs/behaviour/validation.md form messages) and the server's own checks shown
 * on their fields, file upload, then the success message, an optional "submit another" and a redirect to an
 * http(s) address. Survey mode asks one field at a time (docs/views.md).
 */
import type { FailedCall, ValidationIssue } from '@rowbase/core/errors';
import { Alert, Button, Card, Progress, Result } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../api/notify';
import { FieldInput } from './FieldInput';
import {
  formFields,
  initialValues,
  prefilledValues,
  type FormField,
  type SharedColumn,
  type SharedViewColumn,
} from './form-fields';
import { formImageOf, formImageSrc } from './form-images';
import { submissionBody } from './form-submit';
import { checkField, checkForm, safeRedirect, type FormIssue, type FormValue } from './form-validation';

export interface SharedFormProps {
  title: string;
  columns: SharedColumn[];
  settings: SharedViewColumn[];
  form: {
    heading?: string | null;
    subheading?: string | null;
    success_msg?: string | null;
    redirect_url?: string | null;
    redirect_after_secs?: number | null;
    submit_another_form?: boolean;
    show_blank_form?: boolean;
    banner_image_url?: string | null;
    logo_url?: string | null;
  };
  /** The view's meta: the submit button's text and the seconds before a blank form comes back. */
  viewMeta?: Record<string, unknown> | null;
  survey: boolean;
  /** The page's query string: answers pre-filled by field title (`?Name=Ada`). */
  search?: string;
  submit(body: FormData | Record<string, unknown>): Promise<unknown>;
}

/** A problem on a field: found here (worded in the visitor's language) or the server's own words. */
type Problem = FormIssue | string;

export function SharedForm(props: SharedFormProps) {
  const { title, columns, settings, form, viewMeta, survey, search = '', submit } = props;
  const { t } = useTranslation();
  const all = useMemo(() => formFields(columns, settings), [columns, settings]);
  const prefill = useMemo(() => prefilledValues(all, new URLSearchParams(search)), [all, search]);
  // Pre-filled answers are sent but not asked again when the form hides them.
  const fields = useMemo(
    () => (viewMeta?.hidePrefilled === true ? all.filter((f) => !(f.id in prefill)) : all),
    [all, prefill, viewMeta?.hidePrefilled],
  );
  const opening = () => ({ ...initialValues(all), ...prefill });
  const [values, setValues] = useState<Record<string, FormValue>>(opening);
  const [issues, setIssues] = useState<Map<string, Problem>>(new Map());
  const [step, setStep] = useState(0);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState(false);
  const redirect = safeRedirect(form.redirect_url);
  const submitText = typeof viewMeta?.submitText === 'string' ? viewMeta.submitText.trim() : '';
  const blankAfterSecs =
    typeof viewMeta?.blankFormAfterSecs === 'number' && viewMeta.blankFormAfterSecs >= 0
      ? viewMeta.blankFormAfterSecs
      : 5;

  useEffect(() => {
    if (!done || !redirect) return;
    const timer = setTimeout(() => window.location.assign(redirect), (form.redirect_after_secs ?? 0) * 1000);
    return () => clearTimeout(timer);
  }, [done, redirect, form.redirect_after_secs]);

  useEffect(() => {
    if (!done || !form.show_blank_form || redirect) return;
    const timer = setTimeout(() => restart(), blankAfterSecs * 1000);
    return () => clearTimeout(timer);
  }, [done, form.show_blank_form, redirect, blankAfterSecs]);

  // A survey is answered by keyboard: each question's input takes the focus when it comes up.
  useEffect(() => {
    if (!survey || done) return;
    const id = fields[step]?.id;
    if (id) document.getElementById(id)?.focus();
  }, [survey, step, done, fields]);

  const message = (issue: Problem | undefined) =>
    typeof issue === 'string' ? issue : issue ? t(issue.key, issue.params) : undefined;
  const setValue = (id: string, v: FormValue) => {
    setValues((old) => ({ ...old, [id]: v }));
    setIssues((old) => {
      if (!old.has(id)) return old;
      const next = new Map(old);
      next.delete(id);
      return next;
    });
  };
  const restart = () => {
    setValues(opening());
    setIssues(new Map());
    setStep(0);
    setDone(false);
  };

  /** Shows problems on their fields; those on fields not shown (pre-filled and hidden) above the button. */
  const showProblems = (found: Map<string, Problem>) => {
    setIssues(found);
    const elsewhere = all.filter((f) => found.has(f.id) && !fields.includes(f));
    setFailure(elsewhere.length ? elsewhere.map((f) => message(found.get(f.id))).join('; ') : undefined);
    if (survey && found.size)
      setStep(
        Math.max(
          0,
          fields.findIndex((f) => found.has(f.id)),
        ),
      );
  };

  const send = async () => {
    const found = checkForm(all, values);
    if (found.size) return showProblems(found);
    setSending(true);
    setFailure(undefined);
    try {
      await submit(submissionBody(all, values));
      setDone(true);
    } catch (e) {
      const onFields = serverProblems(all, e);
      if (onFields.size) showProblems(onFields);
      else setFailure(errorMessageOf(e));
    } finally {
      setSending(false);
    }
  };

  const bannerImage = formImageOf(form, 'banner');
  const logoImage = formImageOf(form, 'logo');
  const banner = bannerImage && (
    <img
      src={formImageSrc(bannerImage)}
      alt=""
      className="max-h-48 w-full object-cover"
      data-testid="shared-form-banner"
    />
  );
  const logo = logoImage && (
    <img
      src={formImageSrc(logoImage)}
      alt=""
      className="mb-3 h-14 max-w-48 object-contain"
      data-testid="shared-form-logo"
    />
  );

  if (done)
    return (
      <Card className="w-full max-w-2xl" data-testid="shared-form-done">
        <Result
          status="success"
          title={form.success_msg?.trim() || t('form.submitted')}
          subTitle={redirect ? redirect : undefined}
          extra={
            form.submit_another_form && !redirect ? (
              <Button type="primary" onClick={restart} data-testid="shared-form-again">
                {t('form.submitAnother')}
              </Button>
            ) : undefined
          }
        />
      </Card>
    );

  const shown = survey ? fields.slice(step, step + 1) : fields;
  const last = !survey || step >= fields.length - 1;
  const next = () => {
    const f = fields[step];
    const issue = f && checkField(f, values[f.id]);
    if (f && issue) return setIssues(new Map([[f.id, issue]]));
    setStep((s) => s + 1);
  };

  return (
    <Card className="w-full max-w-2xl" data-testid="shared-form" cover={banner}>
      {logo}
      <h1 className="mb-1 text-2xl font-semibold" data-testid="shared-form-heading">
        {form.heading?.trim() || title}
      </h1>
      {form.subheading && <p className="mb-4 whitespace-pre-line text-gray-600">{form.subheading}</p>}
      {survey && fields.length > 0 && (
        <div className="mb-4">
          <Progress percent={Math.round((step / fields.length) * 100)} showInfo={false} size="small" />
          <span className="text-xs text-gray-500">
            {t('form.step', { current: step + 1, total: fields.length })}
          </span>
        </div>
      )}
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (last) void send();
          else next();
        }}
      >
        {shown.map((f) => (
          <div key={f.id} data-testid={`form-field-${f.title}`}>
            {f.input !== 'checkbox' && (
              <label htmlFor={f.id} className="mb-1 block font-medium">
                {f.label}
                {f.required && <span className="ml-1 text-red-600">*</span>}
              </label>
            )}
            {f.help && <p className="mb-1 text-xs text-gray-500">{f.help}</p>}
            <FieldInput
              field={f}
              value={values[f.id]}
              onChange={(v) => setValue(f.id, v)}
              invalid={issues.has(f.id)}
            />
            {issues.has(f.id) && (
              <div className="mt-1 text-sm text-red-600" role="alert" data-testid="form-error">
                {message(issues.get(f.id))}
              </div>
            )}
          </div>
        ))}
        {failure && <Alert type="error" showIcon title={failure} data-testid="shared-form-failure" />}
        <div className="flex gap-2">
          {survey && step > 0 && <Button onClick={() => setStep((s) => s - 1)}>{t('form.back')}</Button>}
          <Button
            type="primary"
            htmlType="submit"
            loading={sending}
            data-testid={last ? 'shared-form-submit' : 'shared-form-next'}
          >
            {last ? submitText || t('form.submit') : t('form.next')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/**
 * The server's checks of a refused submit on the fields they name (`/{title}`), worded in the visitor's
 * language when the server sent its message key, else in the server's words.
 */
function serverProblems(fields: FormField[], error: unknown): Map<string, Problem> {
  const data = (error as FailedCall | null)?.response?.data as { errors?: unknown } | null | undefined;
  const list = Array.isArray(data?.errors) ? (data.errors as ValidationIssue[]) : [];
  const out = new Map<string, Problem>();
  for (const issue of list) {
    const title = issue.instancePath?.replace(/^\//, '');
    const field = fields.find((f) => f.title === title);
    if (!field || typeof issue.message !== 'string') continue;
    const known = issue.key?.startsWith('form.') && issue.params;
    out.set(field.id, known ? ({ key: issue.key, params: issue.params } as FormIssue) : issue.message);
  }
  return out;
}
