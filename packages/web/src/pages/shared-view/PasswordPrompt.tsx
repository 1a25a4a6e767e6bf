/** Asks for the password of a protected share; says so when the last one was wrong. */
import { Alert, Button, Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Why the last password was not accepted (wrong, or too many tries), if one was tried. */
  error?: string;
  loading: boolean;
  onSubmit(password: string): void;
}

export function PasswordPrompt({ error, loading, onSubmit }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  return (
    <div className="flex justify-center pt-16">
      <Card className="w-full max-w-sm" data-testid="shared-password-prompt">
        <h1 className="mb-2 flex items-center gap-2 text-lg font-semibold">
          <span aria-hidden>🔒</span> {t('sharedView.protectedTitle')}
        </h1>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (value) onSubmit(value);
          }}
        >
          <Input.Password
            autoFocus
            placeholder={t('label.password')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            data-testid="shared-password"
          />
          {error && <Alert type="error" showIcon title={error} data-testid="shared-password-error" />}
          <Button
            type="primary"
            htmlType="submit"
            loading={loading}
            disabled={!value}
            data-testid="shared-password-submit"
          >
            {t('sharedView.open')}
          </Button>
        </form>
      </Card>
    </div>
  );
}
