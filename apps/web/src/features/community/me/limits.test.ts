import { describe, expect, it } from 'vitest';
import * as contract from '@tutti/contract/community';
import { CITY_QUERY_MIN_LENGTH as CITY_MIN } from '@tutti/contract/places';
import * as local from './limits';

describe('profile limits', () => {
  it('match the contract', () => {
    expect(local.BIOGRAPHY_MAX).toBe(contract.BIOGRAPHY_MAX);
    expect(local.SOCIAL_LINKS_MAX).toBe(contract.SOCIAL_LINKS_MAX);
    expect(local.INSTRUMENTS_MAX).toBe(contract.INSTRUMENTS_MAX);
    expect(local.MUSIC_STYLES_MAX).toBe(contract.MUSIC_STYLES_MAX);
    expect(local.SKILL_LEVELS).toEqual(contract.SKILL_LEVELS);
    expect(local.CONNECTION_TYPES).toEqual(contract.CONNECTION_TYPES);
    expect(local.CITY_QUERY_MIN_LENGTH).toBe(CITY_MIN);
  });
});
