/**
 * A one-field question in an antd modal, asked from code that awaits the answer (the slash menu's "embed
 * address?", the page icon): `const [ask, askModal] = useAsk()`, render `askModal`, then
 * `await ask(label, initial)` gives the text, or null when cancelled.
 */
import { Input, Modal, type ButtonProps } from 'antd';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStillModalMotion } from '../components/modal-motion';

interface Question {
  label: string;
  value: string;
}

export type Ask = (label: string, initial?: string) => Promise<string | null>;

export function useAsk(): [Ask, ReactNode] {
  const { t } = useTranslation();
  const motion = useStillModalMotion();
  const [question, setQuestion] = useState<Question | null>(null);
  const answer = useRef<((value: string | null) => void) | null>(null);
  const ask = useCallback<Ask>(
    (label, initial = '') =>
      new Promise((resolve) => {
        answer.current?.(null);
        answer.current = resolve;
        setQuestion({ label, value: initial });
      }),
    [],
  );
  const close = (value: string | null) => {
    answer.current?.(value);
    answer.current = null;
    setQuestion(null);
  };
  const modal = (
    <Modal
      {...motion}
      open={!!question}
      title={question?.label}
      okText={t('action.ok')}
      cancelText={t('action.cancel')}
      onOk={() => close(question?.value ?? '')}
      onCancel={() => close(null)}
      okButtonProps={{ 'data-testid': 'ask-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Input
        autoFocus
        aria-label={question?.label}
        data-testid="ask-input"
        value={question?.value ?? ''}
        onChange={(e) => setQuestion((q) => (q ? { ...q, value: e.target.value } : q))}
        onPressEnter={() => close(question?.value ?? '')}
      />
    </Modal>
  );
  return [ask, modal];
}
