import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_DATA_URL } from '@tutti/contract/default-avatar';
import { renderWithProviders } from '../../../../test/render';
import { MusicianAvatar } from './musician-avatar';

describe('MusicianAvatar', () => {
  it('shows the stored picture', () => {
    renderWithProviders(<MusicianAvatar picture="/uploads/p/ana.webp" alt="Ana" />);
    expect(screen.getByRole('img', { name: 'Ana' })).toHaveAttribute('src', '/uploads/p/ana.webp');
  });

  it('shows the default avatar when there is no picture', () => {
    renderWithProviders(<MusicianAvatar picture={null} alt="Ben" />);
    expect(screen.getByRole('img', { name: 'Ben' })).toHaveAttribute('src', DEFAULT_AVATAR_DATA_URL);
  });

  it('falls back to the default avatar when the picture fails to load', () => {
    renderWithProviders(<MusicianAvatar picture="/uploads/p/gone.webp" alt="Cleo" />);
    fireEvent.error(screen.getByRole('img', { name: 'Cleo' }));
    expect(screen.getByRole('img', { name: 'Cleo' })).toHaveAttribute('src', DEFAULT_AVATAR_DATA_URL);
  });
});
