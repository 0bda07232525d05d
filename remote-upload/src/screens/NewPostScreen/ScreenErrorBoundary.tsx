import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@snapshire/shell-components';
import { ErrorPanel } from '@snapshire/ui';
import { MESSAGES } from '@snapshire/contracts';

interface ScreenErrorBoundaryProps {
  /** Names the part that failed, e.g. 'The new-post screen could not be shown'. */
  title: string;
  children: ReactNode;
}

interface ScreenErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/**
 * Keeps a rendering error inside the part that failed: a fallback names it and offers Try again (which
 * renders the children afresh), while the rest of the page, and the host's shell, keep working.
 */
export class ScreenErrorBoundary extends Component<ScreenErrorBoundaryProps, ScreenErrorBoundaryState> {
  override state: ScreenErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): ScreenErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`${this.props.title}:`, error instanceof Error ? error.message : error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorPanel
        title={this.props.title}
        message={this.state.error instanceof Error ? MESSAGES.SCREEN_PART_FAILED : MESSAGES.UNKNOWN_ERROR}
        action={
          <Button variant="outline" onClick={() => this.setState({ error: null, failed: false })}>
            Try again
          </Button>
        }
      />
    );
  }
}
