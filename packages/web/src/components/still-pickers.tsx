/**
 * The app's option lists, drawn in their place from their first frame: antd's `Select` and date range picker
 * without their opening motion. antd slides these lists in (`ant-slide-up`, from 80 % of their height), so an
 * option pressed as the list opens is released somewhere else and the choice is lost, as with the menus in
 * still-popups.tsx (docs/views.md "A menu's first click"). The rest of the app imports these, never antd's own
 * (eslint.config.js says so); a picker not here yet (AutoComplete, Cascader, TreeSelect, TimePicker) is added
 * here the same way before it is used.
 */
import type { ComponentProps } from 'react';
import { DatePicker, Select as AntSelect, type RefSelectProps, type SelectProps } from 'antd';
import type { BaseOptionType, DefaultOptionType } from 'antd/es/select';

/** An empty transition name: antd's popup then shows and hides at once. */
const NO_MOTION = '';

/** antd's `Select`, its option list opening in place. */
export function Select<V = any, O extends BaseOptionType | DefaultOptionType = DefaultOptionType>(
  props: SelectProps<V, O> & { ref?: React.Ref<RefSelectProps> },
) {
  return <AntSelect<V, O> {...props} transitionName={NO_MOTION} />;
}

/** antd's `DatePicker.RangePicker`, its calendar opening in place. */
export function DateRangePicker(props: ComponentProps<typeof DatePicker.RangePicker>) {
  return <DatePicker.RangePicker {...props} transitionName={NO_MOTION} />;
}
