/**
 * Catches the three known display errors of docs/behaviour/web-app.md (the DOM changed under React, e.g. by a translator
 * extension): logs a warning and re-renders its children. Anything else goes on to the route error page.
 */
import { Component, type ReactNode } from 'react';
import { isKnownDisplayError } from './known-errors';

interface State {
  generation: number;
  error: unknown;
}

export class DisplayErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { generation: 0, error: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: unknown): void {
    if (isKnownDisplayError(error)) {
      console.warn('Re-rendering the layout after a display error', error);
      this.setState((s) => ({ generation: s.generation + 1, error: null }));
    }
  }

  override render(): ReactNode {
    if (this.state.error && !isKnownDisplayError(this.state.error)) throw this.state.error;
    if (this.state.error) return null;
    return <div key={this.state.generation}>{this.props.children}</div>;
  }
}
