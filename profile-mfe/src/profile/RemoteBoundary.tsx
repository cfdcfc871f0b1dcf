import { Component, type ReactNode } from 'react';

interface RemoteBoundaryProps {
  children: ReactNode;
  fallback: (retry: () => void) => ReactNode;
}

/** Another team's component that throws while rendering takes down only its own part of the profile page. */
export class RemoteBoundary extends Component<RemoteBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}
