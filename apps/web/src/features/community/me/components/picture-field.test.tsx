import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../../test/render';
import '../translations';
import { stubServer } from '../test-fixtures';
import { PictureField } from './picture-field';

describe('PictureField', () => {
  afterEach(cleanup);

  it('refuses a file that is not a JPEG, PNG or WebP picture without sending it', async () => {
    const { calls } = stubServer();
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderWithProviders(
      <PictureField kind="profile" username="ben" current={null} displayedUsername="Ben" />,
    );
    expect(screen.getByRole('button', { name: 'Choose a picture — Profile picture' })).toBeInTheDocument();
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await user.upload(input, new File(['<svg/>'], 'avatar.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('Choose a JPEG, PNG or WebP picture.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('opens the crop dialog at the shown ratio for a picture', async () => {
    stubServer();
    const user = userEvent.setup();
    const { container } = renderWithProviders(
      <PictureField kind="cover" username="ben" current={null} displayedUsername="Ben" />,
    );
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'cover.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('dialog', { name: 'Crop your cover picture' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Zoom' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use this picture' })).toBeInTheDocument();
  });
});
