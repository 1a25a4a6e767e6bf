/**
 * The motion of the app's dialogs: a fade, never antd's default zoom. The zoom grows the dialog from the point
 * last clicked, so during its first frames the buttons are not where they are drawn a moment later: a press on
 * OK as the zoom starts is released over the backdrop and the click is lost (docs/views.md "The dialog's first
 * click"). A fade leaves every button where it is from the first frame.
 */
import { ConfigProvider } from 'antd';
import { useContext } from 'react';

/** Props for an antd `Modal` that fades in and out in place. */
export function useStillModalMotion(): { transitionName: string } {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  return { transitionName: `${getPrefixCls()}-fade` };
}

/**
 * The same for `Modal.confirm`, which renders outside the app's `ConfigProvider` and so always under antd's own
 * class prefix.
 */
export const STILL_CONFIRM_MOTION = { transitionName: 'ant-fade' } as const;
