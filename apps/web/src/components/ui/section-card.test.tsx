import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SectionCard } from './section-card';

describe('SectionCard', () => {
  it('is a region named by its title, showing its content', () => {
    renderWithProviders(
      <SectionCard title="Instruments" empty="No instrument yet.">
        <p>Drums</p>
      </SectionCard>,
    );
    expect(screen.getByRole('region', { name: 'Instruments' })).toHaveTextContent('Drums');
    expect(screen.queryByText('No instrument yet.')).not.toBeInTheDocument();
  });

  it('says it is empty when a conditional list renders nothing', () => {
    const list: string[] = [];
    renderWithProviders(
      <SectionCard title="Instruments" empty="No instrument yet.">
        {list.length > 0 && <p>{list.join()}</p>}
      </SectionCard>,
    );
    expect(screen.getByText('No instrument yet.')).toBeInTheDocument();
  });
});
