import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentUser } from '../../../lib/session';
import { ANA, BEN, userOf } from '../../sessions/test-fixtures';
import { cardOf, json, notFound, REFERENCE, renderAt } from '../search/test-render';
import { MusicianCard } from './musician-card';

const ben = cardOf({
  id: BEN.id,
  username: 'ben',
  verified: true,
  city: { id: 1, name: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'FR' },
  instruments: [{ instrument: 'drums', skill: 'expert', brand: null, model: null }],
  delayMs: 3.2,
});

const show = (card = ben, locale: 'en' | 'fr' = 'en') =>
  renderAt('/', [{ path: '/', element: <MusicianCard musician={card} /> }], { locale });

describe('MusicianCard', () => {
  beforeEach(() => {
    setCurrentUser(userOf(ANA));
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => Promise.resolve(url in REFERENCE ? json(200, REFERENCE[url]) : notFound())),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('shows names, place, instruments with their level, the delay and a follow button', async () => {
    show();
    expect(screen.getByRole('link', { name: 'Ben' })).toHaveAttribute('href', '/users/profiles/ben');
    expect(screen.getByText('@ben')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified musician' })).toBeInTheDocument();
    expect(await screen.findByText('Lyon, Auvergne-Rhône-Alpes, France')).toBeInTheDocument();
    expect(await screen.findByText('Drums · Expert')).toBeInTheDocument();
    expect(screen.getByText('≈ 3 ms')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow Ben' })).toBeInTheDocument();
  });

  it('names instruments and countries in the reader’s language', async () => {
    show(
      cardOf({
        ...ben,
        city: { id: 2, name: 'Berlin', region: null, country: 'DE' },
        instruments: [{ instrument: 'guitar', skill: 'beginner', brand: null, model: null }],
      }),
      'fr',
    );
    expect(await screen.findByText('Guitare · Débutant')).toBeInTheDocument();
    expect(await screen.findByText('Berlin, Allemagne')).toBeInTheDocument();
  });

  it('shows names and avatar only for a private profile I do not follow', () => {
    show(cardOf({ id: BEN.id, username: 'ben' }));
    expect(screen.getByRole('link', { name: 'Ben' })).toBeInTheDocument();
    expect(screen.queryByText(/Lyon/)).not.toBeInTheDocument();
    expect(screen.queryByText(/·/)).not.toBeInTheDocument();
    expect(screen.queryByText(/ms/)).not.toBeInTheDocument();
  });

  it('has no follow button on my own card', () => {
    show(cardOf({ id: ANA.id, username: 'ana' }));
    expect(screen.getByRole('link', { name: 'Ana' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  });
});
