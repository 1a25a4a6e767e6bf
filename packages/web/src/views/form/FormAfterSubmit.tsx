/**
 * What happens after a form is submitted: the message shown, a redirect (with its delay), a "submit another"
 * button, a blank form coming back after some seconds, and an e-mail to the builder (docs/plugins.md).
 */
import { Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormSettingsReply } from './form-builder-api';

interface Props {
  settings: FormSettingsReply;
  onChange(body: Record<string, unknown>): void;
  onMetaChange(body: Record<string, unknown>): void;
}

export function FormAfterSubmit({ settings, onChange, onMetaChange }: Props) {
  const { t } = useTranslation();
  const blankAfter = settings.meta?.blankFormAfterSecs;
  return (
    <section
      className="flex flex-col gap-3 border-t border-gray-200 pt-4 text-sm"
      data-testid="form-after-submit"
    >
      <h2 className="font-semibold">{t('formBuilder.afterSubmit')}</h2>
      <label className="flex flex-col gap-1">
        {t('formBuilder.successMessage')}
        <Input.TextArea
          autoSize
          placeholder={t('form.submitted')}
          defaultValue={settings.success_msg ?? ''}
          onBlur={(e) =>
            e.target.value !== (settings.success_msg ?? '') && onChange({ success_msg: e.target.value })
          }
          data-testid="form-success-msg"
        />
      </label>
      <label className="flex flex-col gap-1">
        {t('formBuilder.redirectUrl')}
        <Input
          placeholder="https://"
          defaultValue={settings.redirect_url ?? ''}
          onBlur={(e) =>
            e.target.value !== (settings.redirect_url ?? '') &&
            onChange({ redirect_url: e.target.value.trim() || null })
          }
          data-testid="form-redirect-url"
        />
      </label>
      <label className="flex items-center gap-2">
        {t('formBuilder.redirectAfter')}
        <InputNumber
          min={0}
          max={3600}
          size="small"
          value={settings.redirect_after_secs ?? 0}
          onChange={(v) => onChange({ redirect_after_secs: v ?? 0 })}
          data-testid="form-redirect-after"
        />
      </label>
      <label className="flex items-center gap-2">
        <Switch
          size="small"
          checked={!!settings.submit_another_form}
          onChange={(v) => onChange({ submit_another_form: v })}
          data-testid="form-submit-another"
        />
        {t('formBuilder.submitAnother')}
      </label>
      <label className="flex items-center gap-2">
        <Switch
          size="small"
          checked={!!settings.show_blank_form}
          onChange={(v) => onChange({ show_blank_form: v })}
          data-testid="form-show-blank"
        />
        {t('formBuilder.showBlank')}
        <InputNumber
          min={0}
          max={3600}
          size="small"
          disabled={!settings.show_blank_form}
          value={typeof blankAfter === 'number' ? blankAfter : 5}
          onChange={(v) => onMetaChange({ blankFormAfterSecs: v ?? 5 })}
          aria-label={t('formBuilder.showBlankSecs')}
          data-testid="form-show-blank-secs"
        />
      </label>
      <label className="flex items-center gap-2">
        <Switch
          size="small"
          checked={!!settings.email}
          onChange={(v) => onChange({ email: v })}
          data-testid="form-email-me"
        />
        {t('formBuilder.emailMe')}
      </label>
    </section>
  );
}
