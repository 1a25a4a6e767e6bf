/**
 * The app's pop-up menus, drawn in their place from their first frame: antd's `Dropdown`, `Popover` and
 * `Popconfirm` without their opening motion. antd slides a dropdown (and zooms its submenus and a popover) in from
 * 80 % of its size, so for the first frames an item is not where it is drawn a moment later: a press on it as the
 * menu opens is released somewhere else and the click is lost, as with the dialogs' zoom (docs/views.md "A menu's
 * first click"). The rest of the app imports these, never antd's own (eslint.config.js says so).
 */
import {
  Dropdown as AntDropdown,
  Popconfirm as AntPopconfirm,
  Popover as AntPopover,
  type DropdownProps,
  type PopconfirmProps,
  type PopoverProps,
} from 'antd';

/** An empty motion name: antd's popup and menu components then show and hide at once. */
const NO_MOTION = '';

/** antd's `Dropdown`, its menu and submenus opening in place. */
export function Dropdown(props: DropdownProps) {
  const menu = props.menu && { ...props.menu, motion: { motionName: NO_MOTION } };
  return <AntDropdown {...props} menu={menu} transitionName={NO_MOTION} />;
}

/** antd's `Popover` opening in place (the toolbar's menus, the notifications). */
export function Popover(props: PopoverProps) {
  return <AntPopover {...props} motion={{ motionName: NO_MOTION }} />;
}

/** antd's `Popconfirm` opening in place. */
export function Popconfirm(props: PopconfirmProps) {
  return <AntPopconfirm {...props} motion={{ motionName: NO_MOTION }} />;
}
