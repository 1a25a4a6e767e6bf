/**
 * The keyboard shortcut help of the grid: opened with `?` (outside a text box) or Ctrl/Cmd + `/`, and from the
 * toolbar's keyboard button. Listens on the window before the grid does, so `?` opens the help rather than
 * starting an edit with a question mark (Enter first, then `?`, types one).
 */
import { Modal } from 'antd';
import { Fragment, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStillModalMotion } from '../../../components/modal-motion';
import { GRID_SHORTCUTS, keyLabel, opensShortcutHelp } from './grid-shortcuts';

function isTextBox(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

/** Opens the help on its keys while mounted. */
export function useShortcutHelpKeys(open: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!opensShortcutHelp(e, isTextBox(e.target))) return;
      e.preventDefault();
      e.stopPropagation();
      open();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open]);
}

export function ShortcutHelp({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const motion = useStillModalMotion();
  return (
    <Modal {...motion} open title={t('shortcuts.title')} onCancel={onClose} footer={null} width={560}>
      <div className="flex flex-col gap-4" data-testid="shortcut-help">
        {GRID_SHORTCUTS.map((group) => (
          <section key={group.title}>
            <h3 className="mb-1 text-xs font-semibold tracking-wide text-gray-500 uppercase">
              {t(`shortcuts.group.${group.title}`)}
            </h3>
            <table className="w-full text-sm">
              <tbody>
                {group.shortcuts.map((s) => (
                  <tr key={s.does} className="border-b border-gray-100 last:border-0">
                    <td className="py-1 pe-4">{t(s.does.includes('.') ? s.does : `shortcuts.${s.does}`)}</td>
                    <td className="py-1 text-end whitespace-nowrap">
                      {s.keys.map((combo, i) => (
                        <Fragment key={i}>
                          {i > 0 && <span className="mx-1 text-gray-400">/</span>}
                          {combo.map((k) => (
                            <kbd
                              key={k}
                              className="mx-0.5 rounded border border-gray-300 bg-gray-50 px-1.5 py-0.5 font-mono text-xs"
                            >
                              {keyLabel(k)}
                            </kbd>
                          ))}
                        </Fragment>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
    </Modal>
  );
}
