/**
 * The "⋯" button that opens an item's menu (a base, a table, a view, a kanban stack, a dashboard layout), and
 * the confirmation a destructive entry of such a menu asks for.
 */
import { Button, Modal, type MenuProps } from 'antd';
import { Dropdown } from './still-popups';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STILL_CONFIRM_MOTION } from './modal-motion';

type MenuItems = NonNullable<MenuProps['items']>;

/** Menu entries built with `allowed(...) && {...}`: the ones a person may not use are left out. */
export function menuItems(entries: (MenuItems[number] | false | null | undefined)[]): MenuItems {
  return entries.filter((e): e is MenuItems[number] => !!e);
}

interface Props {
  items: MenuItems;
  /** Clicks on the menu go here (with the entry's key) besides each entry's own onClick. */
  onClick?: MenuProps['onClick'];
  testId?: string;
  /** What a screen reader says of the button; "Actions" unless given. */
  label?: string;
  /** Shown only on hover of the row (`group` on the row) and to the keyboard. */
  faint?: boolean;
}

/** Renders nothing when there is no entry a person may use. */
export function ActionsMenu({ items, onClick, testId, label, faint }: Props) {
  const { t } = useTranslation();
  // Controlled so that the menu closes even when the list re-renders under it (e.g. after a move).
  const [open, setOpen] = useState(false);
  if (!items.length) return null;
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items,
        onClick: (info) => {
          setOpen(false);
          onClick?.(info);
        },
      }}
    >
      <Button
        size="small"
        type="text"
        aria-label={label ?? t('label.actions')}
        className={faint ? 'opacity-60 group-hover:opacity-100' : undefined}
        data-testid={testId}
      >
        ⋯
      </Button>
    </Dropdown>
  );
}

/** Asks before deleting `title`'s thing; `question` is the translated "Delete …?" sentence. */
export function confirmDelete(
  t: TFunction,
  question: string,
  onOk: () => Promise<unknown>,
  warning?: string,
) {
  Modal.confirm({
    ...STILL_CONFIRM_MOTION,
    title: question,
    content: warning,
    okText: t('action.delete'),
    okButtonProps: { danger: true },
    cancelText: t('action.cancel'),
    onOk,
  });
}
