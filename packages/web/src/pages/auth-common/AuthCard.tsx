/** The centred card the sign-in, sign-up, forgot and reset pages share. */
import { Card } from 'antd';
import type { ReactNode } from 'react';

export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-[calc(100vh-3rem)] items-start justify-center px-4 pt-16 sm:pt-24">
      <Card className="w-full max-w-md shadow-sm">
        <h1 className="mb-6 text-center text-2xl font-semibold" data-testid="auth-title">
          {title}
        </h1>
        {children}
      </Card>
    </div>
  );
}
