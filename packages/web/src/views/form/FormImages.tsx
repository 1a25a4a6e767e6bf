/** The form builder's banner and logo: pick an image to upload it, see it, remove it (docs/views.md). */
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../api/notify';
import {
  formImageOf,
  formImageSetting,
  formImageSrc,
  uploadFormImage,
  type FormImageSlot,
} from './form-images';

interface Props {
  viewId: string;
  /** The form's settings (GET /forms/{id}). */
  settings: Record<string, unknown>;
  disabled: boolean;
  onChange(body: Record<string, unknown>): void;
}

export function FormImages(props: Props) {
  return (
    <div className="flex flex-wrap gap-4" data-testid="form-images">
      <ImageSlot slot="banner" {...props} />
      <ImageSlot slot="logo" {...props} />
    </div>
  );
}

function ImageSlot({ slot, viewId, settings, disabled, onChange }: Props & { slot: FormImageSlot }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const image = formImageOf(settings, slot);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      onChange({ [formImageSetting(slot)]: JSON.stringify(await uploadFormImage(file, viewId)) });
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="flex items-center gap-2 text-sm" data-testid={`form-${slot}`}>
      <span className="text-gray-600">{t(`formBuilder.${slot}`)}</span>
      {image && (
        <img
          src={formImageSrc(image)}
          alt={image.title ?? ''}
          className="h-10 max-w-40 rounded object-cover"
          data-testid={`form-${slot}-preview`}
        />
      )}
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        disabled={disabled}
        onChange={(e) => void pick(e.target.files?.[0])}
        data-testid={`form-${slot}-input`}
      />
      <Button size="small" loading={busy} onClick={() => input.current?.click()}>
        {t('formBuilder.upload')}
      </Button>
      {image && (
        <Button size="small" type="text" onClick={() => onChange({ [formImageSetting(slot)]: null })}>
          {t('action.remove')}
        </Button>
      )}
    </div>
  );
}
