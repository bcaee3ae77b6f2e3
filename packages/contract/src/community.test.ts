import { describe, expect, it } from 'vitest';
import { CONNECTION_TYPES, ProfileBodySchema, ProfileSchema } from './community.ts';

const body = {
  country: 'FR',
  cityId: null,
  biography: null,
  publicProfile: true,
  socialLinks: [],
  musicStyles: [],
};

describe('connection types (SPEC section 9)', () => {
  it('are fiber, broadband, satellite and other', () => {
    expect(CONNECTION_TYPES).toEqual(['fiber', 'broadband', 'satellite', 'other']);
  });

  it('a profile edit sets one, clears it with null or leaves it out', () => {
    for (const connectionType of CONNECTION_TYPES) {
      expect(ProfileBodySchema.parse({ ...body, connectionType }).connectionType).toBe(connectionType);
    }
    expect(ProfileBodySchema.parse({ ...body, connectionType: null }).connectionType).toBeNull();
    expect(ProfileBodySchema.parse(body)).not.toHaveProperty('connectionType');
  });

  it('refuses any other value with the field code invalid', () => {
    for (const connectionType of ['adsl', 'Fiber', '', 3]) {
      const result = ProfileBodySchema.safeParse({ ...body, connectionType });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['connectionType', 'invalid']]);
    }
  });

  it('a profile always carries it, null when not told', () => {
    const shape = ProfileSchema.shape.connectionType;
    expect(shape.parse(null)).toBeNull();
    expect(shape.parse('satellite')).toBe('satellite');
    expect(shape.safeParse(undefined).success).toBe(false);
  });
});
