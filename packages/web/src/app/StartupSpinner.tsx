import { Spin } from 'antd';

/** Shown while the guard decides the first page (app info, session refresh, roles). */
export function StartupSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spin size="large" />
    </div>
  );
}
