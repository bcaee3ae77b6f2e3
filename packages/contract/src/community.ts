import { z } from 'zod';
import { AUTHZ } from './authz.ts';
import { IdParamsSchema, LocalizedNameSchema, PAGE_MAX, PageSchema, text } from './common.ts';
import { def } from './endpoint.ts';
import { fieldCode } from './errors.ts';

// The community: profiles, instruments, search, follows, suggestions and blocks (SPEC sections 3 "User", 6
// eligibleToSocial, 7 "Social"). Every social call refuses accounts under MIN_SOCIAL_AGE (403 SOCIAL_NOT_ELIGIBLE);
// a musician blocked either way, under 13, unvalidated or deleted is the same 404 as one that does not exist.

/** Skill levels a musician gives an instrument; the search filter adds 'all' (SPEC section 9). */
export const SKILL_LEVELS = ['beginner', 'medium', 'expert'] as const;
export const SkillLevelSchema = z.enum(SKILL_LEVELS);
export type SkillLevel = z.infer<typeof SkillLevelSchema>;

/** How a musician reaches the internet (SPEC section 9): the self-check's advice depends on it. */
export const CONNECTION_TYPES = ['fiber', 'broadband', 'satellite', 'other'] as const;
export const ConnectionTypeSchema = z.enum(CONNECTION_TYPES, fieldCode('invalid')).meta({ id: 'ConnectionType' });
export type ConnectionType = z.infer<typeof ConnectionTypeSchema>;

export const BIOGRAPHY_MAX = 1000;
export const SOCIAL_LINKS_MAX = 10;
export const INSTRUMENTS_MAX = 12;
export const MUSIC_STYLES_MAX = 12;
/** Suggestions answer at most this many musicians; the city list defaults to SPEC section 9's 5. */
export const SUGGESTIONS_LIMIT_MAX = 20;
export const CITY_SUGGESTIONS_LIMIT = 5;
/** The blocked-by list (ids only) is bounded: past this many, the oldest blocks are left out. */
export const BLOCKED_BY_MAX = 5000;

const idCode = text().min(1).max(40);

export const InstrumentSchema = z.object({ id: z.string(), name: LocalizedNameSchema }).meta({ id: 'Instrument' });
export type Instrument = z.infer<typeof InstrumentSchema>;

/** A place as profiles show it: the city's name in the reader's language, its region and country. */
export const ProfileCitySchema = z
  .object({ id: z.number().int(), name: z.string(), region: z.string().nullable(), country: z.string().length(2) })
  .meta({ id: 'ProfileCity' });
export type ProfileCity = z.infer<typeof ProfileCitySchema>;

export const PlayedInstrumentSchema = z
  .object({
    instrument: z.string(),
    skill: SkillLevelSchema,
    brand: z.string().nullable(),
    model: z.string().nullable(),
  })
  .meta({ id: 'PlayedInstrument' });
export type PlayedInstrument = z.infer<typeof PlayedInstrumentSchema>;

export const SocialLinkSchema = z.object({ network: z.string(), url: z.string() }).meta({ id: 'SocialLink' });
export type SocialLink = z.infer<typeof SocialLinkSchema>;

/** A musician in a list (search, follows, followers, suggestions, blocked). A private profile the reader does not
 *  follow shows its names, avatar and verified flag only: city and instruments are null and empty. */
export const MusicianCardSchema = z
  .object({
    id: z.uuid(),
    username: z.string(),
    displayedUsername: z.string(),
    /** Null: the default avatar. */
    profilePicture: z.string().nullable(),
    verified: z.boolean(),
    city: ProfileCitySchema.nullable(),
    instruments: z.array(PlayedInstrumentSchema),
    /** The reader follows this musician. */
    followed: z.boolean(),
    /** Estimated one-way network delay between the reader's city and this musician's, in ms; null when either has
     *  no city (or the profile is private to the reader). */
    delayMs: z.number().nullable(),
  })
  .meta({ id: 'MusicianCard' });
export type MusicianCard = z.infer<typeof MusicianCardSchema>;
export const MusicianCardPageSchema = PageSchema(MusicianCardSchema).meta({ id: 'MusicianCardPage' });

/** Names and avatar only: what anyone signed in may know of a visible account. */
export const PublicAccountSchema = z
  .object({
    id: z.uuid(),
    username: z.string(),
    displayedUsername: z.string(),
    profilePicture: z.string().nullable(),
    verified: z.boolean(),
  })
  .meta({ id: 'PublicAccount' });
export type PublicAccount = z.infer<typeof PublicAccountSchema>;

/** A profile as its reader may see it. `restricted`: a private profile the reader does not follow (and is not the
 *  owner of): only names, pictures and verified flag are filled, the rest is null or empty. */
export const ProfileSchema = z
  .object({
    id: z.uuid(),
    username: z.string(),
    displayedUsername: z.string(),
    profilePicture: z.string().nullable(),
    coverPicture: z.string().nullable(),
    verified: z.boolean(),
    publicProfile: z.boolean(),
    restricted: z.boolean(),
    /** The reader's own profile. */
    self: z.boolean(),
    country: z.string().length(2).nullable(),
    city: ProfileCitySchema.nullable(),
    biography: z.string().nullable(),
    socialLinks: z.array(SocialLinkSchema),
    instruments: z.array(PlayedInstrumentSchema),
    musicStyles: z.array(z.string()),
    /** Null: not told (or a restricted profile). */
    connectionType: ConnectionTypeSchema.nullable(),
    followers: z.number().int().nullable(),
    follows: z.number().int().nullable(),
    followed: z.boolean(),
    /** Estimated one-way delay between the reader's city and this one, in ms (null: a city is missing). */
    delayMs: z.number().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof ProfileSchema>;

const urlSchema = text()
  .trim()
  .max(300, fieldCode('too_long'))
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.includes('.');
    } catch {
      return false;
    }
  }, fieldCode('invalid_url'));

export const ProfileBodySchema = z.object({
  /** ISO 3166 alpha-2, or null. When a city is given, its country wins. */
  country: text().length(2, fieldCode('invalid')).nullable(),
  /** A city id from GET v1/places/cities; null clears it. */
  cityId: z.number().int().positive().nullable(),
  biography: text({ multiline: true }).trim().max(BIOGRAPHY_MAX, fieldCode('too_long')).nullable(),
  publicProfile: z.boolean(),
  newsOptIn: z.boolean().optional(),
  socialLinks: z.array(z.object({ network: idCode, url: urlSchema })).max(SOCIAL_LINKS_MAX, fieldCode('too_many')),
  musicStyles: z.array(idCode).max(MUSIC_STYLES_MAX, fieldCode('too_many')),
  /** Null clears it; absent leaves it as it is. */
  connectionType: ConnectionTypeSchema.nullable().optional(),
});
export type ProfileBody = z.infer<typeof ProfileBodySchema>;

const optionalName = text().trim().max(60, fieldCode('too_long')).nullable().optional();
export const MusicSkillsBodySchema = z.object({
  instruments: z
    .array(z.object({ instrument: idCode, skill: SkillLevelSchema, brand: optionalName, model: optionalName }))
    .max(INSTRUMENTS_MAX, fieldCode('too_many')),
});
export type MusicSkillsBody = z.infer<typeof MusicSkillsBodySchema>;

export const PictureSchema = z.object({ url: z.string() }).meta({ id: 'Picture' });

export const SEARCH_QUERY_MAX = 80;
export const SearchBodySchema = z.object({
  p: z.number().int().min(1).max(PAGE_MAX).default(1),
  size: z.number().int().min(1).max(50).default(20),
  /** Strict: a misspelt filter is an error, not silently ignored. */
  filters: z
    .strictObject({
      /** Name, username or city; accents and case are ignored. */
      q: text().trim().max(SEARCH_QUERY_MAX, fieldCode('too_long')).optional(),
      instrument: idCode.optional(),
      /** 'all' (or absent): any level. */
      skill: z.enum(['all', ...SKILL_LEVELS]).optional(),
      style: idCode.optional(),
      country: text().length(2, fieldCode('invalid')).optional(),
    })
    .default({}),
});
export type SearchBody = z.input<typeof SearchBodySchema>;

export const SuggestionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SUGGESTIONS_LIMIT_MAX).default(10),
});
export const CitySuggestionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SUGGESTIONS_LIMIT_MAX).default(CITY_SUGGESTIONS_LIMIT),
});
export const SuggestionsSchema = z.array(MusicianCardSchema).meta({ id: 'Suggestions' });

export const ListQuerySchema = z.object({
  p: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  size: z.coerce.number().int().min(1).max(50).default(20),
});
export const BlockedQuerySchema = ListQuerySchema.extend({ reverse: z.enum(['true', 'false']).optional() });
/** GET v1/me/blocked: the musicians I blocked (a page of cards), or with reverse=true the ids of those who blocked
 *  me (the web hides them wherever they would appear; at most BLOCKED_BY_MAX). */
export const BlockedListSchema = z
  .object({
    items: z.array(MusicianCardSchema),
    page: z.number().int().min(1),
    size: z.number().int().min(1),
    total: z.number().int().min(0),
    /** With reverse=true: who blocked me, ids only; items is then empty. */
    blockedBy: z.array(z.uuid()).optional(),
  })
  .meta({ id: 'BlockedList' });
export type BlockedList = z.infer<typeof BlockedListSchema>;

export const UsernameParamsSchema = z.object({ username: text().min(1).max(60) });

/** Social calls: any signed-in account of the social age (under it: 403 SOCIAL_NOT_ELIGIBLE, see the tests). */
const social = AUTHZ.signedIn;

export const communityEndpoints = {
  // ---- the signed-in musician's profile
  updateProfile: def({
    method: 'PUT',
    path: 'v2/me/profile',
    access: 'user',
    authz: social,
    tag: 'community',
    summary: 'Edit my profile: country, city, biography, public or private, social links, music styles, connection',
    body: ProfileBodySchema,
    response: ProfileSchema,
  }),
  updateMusicSkills: def({
    method: 'PUT',
    path: 'v1/me/music-skills',
    access: 'user',
    authz: social,
    tag: 'community',
    summary: 'Replace my instruments, each with its skill level and optional brand and model',
    body: MusicSkillsBodySchema,
    response: ProfileSchema,
  }),
  setProfilePicture: def({
    method: 'POST',
    path: 'v1/me/profile-picture',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'community',
    summary: 'Set my profile picture: multipart field file (avatar.jpg), JPEG, PNG or WebP, cropped square',
    upload: { field: 'file' },
    response: PictureSchema,
  }),
  setCoverPicture: def({
    method: 'POST',
    path: 'v1/me/cover-picture',
    access: 'user',
    authz: social,
    tag: 'community',
    summary: "Set my profile's cover picture: multipart field file (cover-picture.jpg), JPEG, PNG or WebP",
    upload: { field: 'file' },
    response: PictureSchema,
  }),
  listInstruments: def({
    method: 'GET',
    path: 'v1/instruments',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'community',
    summary: 'The instruments a musician can list on their profile, in English and French',
    response: z.array(InstrumentSchema),
  }),

  // ---- other musicians
  getPublicAccount: def({
    method: 'GET',
    path: 'v1/accounts/{id}/public',
    access: 'user',
    authz: social,
    tag: 'community',
    summary: "A visible musician's names, avatar and verified flag",
    params: IdParamsSchema,
    response: PublicAccountSchema,
  }),
  listFollowers: def({
    method: 'GET',
    path: 'v1/accounts/{id}/followers',
    access: 'user',
    authz: social,
    tag: 'community',
    summary: "A visible musician's followers (not for a private profile I do not follow); paged",
    params: IdParamsSchema,
    query: ListQuerySchema,
    response: MusicianCardPageSchema,
  }),
  getPicture: def({
    method: 'GET',
    path: 'v1/accounts/{username}/picture',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'community',
    summary: "A musician's profile picture, or the default avatar (also for unknown, hidden and under-13 accounts)",
    params: UsernameParamsSchema,
    response: 'image',
  }),
  getProfileByUsername: def({
    method: 'GET',
    path: 'v1/profiles/username/{username}',
    access: 'user',
    authz: social,
    tag: 'community',
    summary: 'A profile by username, as I may see it',
    params: UsernameParamsSchema,
    response: ProfileSchema,
  }),
  getProfile: def({
    method: 'GET',
    path: 'v2/profiles/{id}',
    access: 'user',
    authz: social,
    tag: 'community',
    summary: 'A profile by account id, as I may see it',
    params: IdParamsSchema,
    response: ProfileSchema,
  }),
  search: def({
    method: 'POST',
    path: 'v2/search',
    access: 'user',
    authz: social,
    tag: 'community',
    summary: 'Search musicians by name or city, with instrument, skill, style and country filters; paged',
    body: SearchBodySchema,
    response: MusicianCardPageSchema,
  }),

  // ---- follows and suggestions
  listFollows: def({
    method: 'GET',
    path: 'v1/me/follows',
    access: 'user',
    authz: social,
    tag: 'community',
    summary: 'The musicians I follow; paged',
    query: ListQuerySchema,
    response: MusicianCardPageSchema,
  }),
  suggestions: def({
    method: 'GET',
    path: 'v1/me/follows/suggestions',
    access: 'user',
    authz: social,
    tag: 'community',
    summary:
      'Musicians around me: close enough to play in real time, nearest first, then shared styles and instruments',
    query: SuggestionsQuerySchema,
    response: SuggestionsSchema,
  }),
  countrySuggestions: def({
    method: 'GET',
    path: 'v1/me/follows/suggestions/country',
    access: 'user',
    authz: social,
    tag: 'community',
    summary: 'Musicians of my country I do not follow, nearest first',
    query: SuggestionsQuerySchema,
    response: SuggestionsSchema,
  }),
  citySuggestions: def({
    method: 'GET',
    path: 'v1/me/follows/suggestions/city',
    access: 'user',
    authz: social,
    tag: 'community',
    summary: 'Musicians of my city I do not follow (5 by default)',
    query: CitySuggestionsQuerySchema,
    response: SuggestionsSchema,
  }),
  follow: def({
    method: 'POST',
    path: 'v1/me/followers/{id}',
    access: 'user',
    authz: social,
    tag: 'community',
    summary: 'Follow a musician',
    params: IdParamsSchema,
    response: null,
  }),
  unfollow: def({
    method: 'DELETE',
    path: 'v1/me/followers/{id}',
    access: 'user',
    authz: social,
    tag: 'community',
    summary: 'Stop following a musician',
    params: IdParamsSchema,
    response: null,
  }),

  // ---- blocks
  listBlocked: def({
    method: 'GET',
    path: 'v1/me/blocked',
    access: 'user',
    authz: social,
    tag: 'community',
    summary: 'The musicians I blocked (paged), or with reverse=true the ids of those who blocked me',
    query: BlockedQuerySchema,
    response: BlockedListSchema,
  }),
  block: def({
    method: 'POST',
    path: 'v1/me/blocked/{id}',
    access: 'user',
    authz: social,
    tag: 'community',
    summary: 'Block a musician: both disappear from each other, follows both ways are removed',
    params: IdParamsSchema,
    response: null,
  }),
  unblock: def({
    method: 'DELETE',
    path: 'v1/me/blocked/{id}',
    access: 'user',
    authz: social,
    tag: 'community',
    summary: 'Unblock a musician (removed follows stay removed)',
    params: IdParamsSchema,
    response: null,
  }),
};
