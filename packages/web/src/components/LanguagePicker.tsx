/** Picks one of the 34 languages; the choice is stored and applied at once (direction included). */
import { Select } from './still-pickers';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n';
import { LANGUAGES, isLanguage } from '../i18n/languages';

const OPTIONS = Object.entries(LANGUAGES).map(([value, label]) => ({ value, label }));

export function LanguagePicker({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Select
      className={className}
      aria-label={t('label.language')}
      data-testid="language-picker"
      value={i18n.language}
      options={OPTIONS}
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      onChange={(value: string) => {
        if (isLanguage(value)) void changeLanguage(value);
      }}
      style={{ minWidth: 150 }}
    />
  );
}
