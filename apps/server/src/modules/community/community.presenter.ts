import type { Locale } from '@tutti/contract/common';
import type { Instrument, MusicianCard, ProfileCity, Profile } from '@tutti/contract/community';
import type { AccountRow } from '../../platform/schema.ts';
import type { CardRow, InstrumentRow, Played } from './community.repository.ts';

/** A city as the community reads it: named in the reader's language, with its coordinates (never sent). */
export interface PlacedCity extends ProfileCity {
  latitude: number;
  longitude: number;
}

/** What the community needs from the places module. */
export interface CityLookup {
  byIds(ids: number[], locale: Locale): Promise<Map<number, PlacedCity>>;
  /** Estimated one-way delay between two places, in ms (rounded to a whole ms). */
  delayMs(a: PlacedCity, b: PlacedCity): number;
}

export const presentInstrument = (r: InstrumentRow): Instrument => ({ id: r.id, name: { en: r.nameEn, fr: r.nameFr } });

export const displayedName = (a: Pick<AccountRow, 'displayedUsername' | 'username'>): string =>
  a.displayedUsername?.trim() || a.username;

const publicCity = (c: PlacedCity | undefined): ProfileCity | null =>
  c ? { id: c.id, name: c.name, region: c.region, country: c.country } : null;

export interface CardContext {
  viewerId: string;
  viewerCity: PlacedCity | null;
  cities: Map<number, PlacedCity>;
  played: Map<string, Played[]>;
  pictureUrl: (key: string) => string;
  delayMs: CityLookup['delayMs'];
}

/** A private profile the reader neither owns nor follows shows its names, avatar and verified flag only. */
export const isRestricted = (row: Pick<CardRow, 'id' | 'publicProfile' | 'followed'>, viewerId: string): boolean =>
  row.id !== viewerId && !row.publicProfile && !row.followed;

export function presentCard(row: CardRow, ctx: CardContext): MusicianCard {
  const restricted = isRestricted(row, ctx.viewerId);
  const city = restricted || row.cityId === null ? undefined : ctx.cities.get(row.cityId);
  return {
    id: row.id,
    username: row.username,
    displayedUsername: displayedName(row),
    profilePicture: row.profilePicture ? ctx.pictureUrl(row.profilePicture) : null,
    verified: row.verified,
    city: publicCity(city),
    instruments: restricted ? [] : (ctx.played.get(row.id) ?? []),
    followed: row.followed,
    delayMs: city && ctx.viewerCity ? ctx.delayMs(ctx.viewerCity, city) : null,
  };
}

export interface ProfileParts {
  account: AccountRow & { followed: boolean };
  viewerId: string;
  city: PlacedCity | null;
  viewerCity: PlacedCity | null;
  played: Played[];
  styles: string[];
  links: { network: string; url: string }[];
  counts: { followers: number; follows: number };
  pictureUrl: (key: string) => string;
  delayMs: CityLookup['delayMs'];
}

export function presentProfile(p: ProfileParts): Profile {
  const a = p.account;
  const self = a.id === p.viewerId;
  const restricted = isRestricted(a, p.viewerId);
  const open = <T>(value: T, hidden: T): T => (restricted ? hidden : value);
  return {
    id: a.id,
    username: a.username,
    displayedUsername: displayedName(a),
    profilePicture: a.profilePicture ? p.pictureUrl(a.profilePicture) : null,
    coverPicture: a.coverPicture ? p.pictureUrl(a.coverPicture) : null,
    verified: a.verified,
    publicProfile: a.publicProfile,
    restricted,
    self,
    country: open(a.countryCode, null),
    city: open(publicCity(p.city ?? undefined), null),
    biography: open(a.biography, null),
    socialLinks: open(p.links, []),
    instruments: open(p.played, []),
    musicStyles: open(p.styles, []),
    connectionType: open(a.connectionType, null),
    followers: open(p.counts.followers, null),
    follows: open(p.counts.follows, null),
    followed: a.followed,
    delayMs: !restricted && !self && p.city && p.viewerCity ? p.delayMs(p.viewerCity, p.city) : null,
    createdAt: a.createdAt.toISOString(),
  };
}
