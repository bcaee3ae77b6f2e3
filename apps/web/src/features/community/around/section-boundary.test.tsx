import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SectionBoundary } from './section-boundary';

function Broken(): never {
  throw new Error('boom');
}

describe('SectionBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('puts its fallback in place of a part that throws, and leaves the rest of the page standing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <main>
        <p>The rest of the hall</p>
        <SectionBoundary fallback={<p>This part failed</p>}>
          <Broken />
        </SectionBoundary>
      </main>,
    );
    expect(screen.getByText('This part failed')).toBeInTheDocument();
    expect(screen.getByText('The rest of the hall')).toBeInTheDocument();
  });

  it('shows its children when nothing fails', () => {
    render(
      <SectionBoundary fallback={<p>This part failed</p>}>
        <p>All good</p>
      </SectionBoundary>,
    );
    expect(screen.getByText('All good')).toBeInTheDocument();
    expect(screen.queryByText('This part failed')).not.toBeInTheDocument();
  });
});
