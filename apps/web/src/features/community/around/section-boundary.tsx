import { Component, type ReactNode } from 'react';

/**
 * Keeps a failure inside one section of a page: what throws while rendering is replaced by `fallback`, and the rest
 * of the page goes on working.
 */
export class SectionBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
