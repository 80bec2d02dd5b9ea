import { Component, type ReactNode } from 'react';
import { CriticalErrorPage } from './critical-error-page.tsx';

interface Props {
  readonly children: ReactNode;
  readonly homeHref: () => string | null;
  readonly userEmail: () => string;
}

/** The last line of defence outside the router: a render error anywhere shows the critical error page. */
export class CriticalErrorBoundary extends Component<Props, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <CriticalErrorPage
        error={this.state.error}
        homeHref={this.props.homeHref()}
        userEmail={this.props.userEmail()}
      />
    );
  }
}
