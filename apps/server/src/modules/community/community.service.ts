import { busTopics } from '@tutti/contract/bus';
import type { Locale } from '@tutti/contract/common';
import {
  BLOCKED_BY_MAX,
  type BlockedList,
  type Instrument,
  type MusicianCard,
  type MusicSkillsBody,
  type Profile,
  type ProfileBody,
  type PublicAccount,
  type SearchBody,
} from '@tutti/contract/community';
import type { Page } from '@tutti/contract/common';
import type { FieldErrorCode } from '@tutti/contract/errors';
import { AppError, notFound } from '../../platform/errors.ts';
import type { PubSub } from '../../platform/pubsub.ts';
import type { AccountRow } from '../../platform/schema.ts';
import { asLocale } from '../accounts/accounts.policy.ts';
import { isEligibleToSocial } from '../me/me.policy.ts';
import {
  displayedName,
  presentCard,
  presentInstrument,
  presentProfile,
  type CityLookup,
  type PlacedCity,
} from './community.presenter.ts';
import type { CardRow, CommunityRepository } from './community.repository.ts';
import type { CommunityFinder, SuggestionKind } from './community.finder.ts';
import { socialAgeCutoff } from './community.visibility.ts';

export interface CommunityDeps {
  repo: CommunityRepository;
  finder: CommunityFinder;
  cities: CityLookup;
  pubsub: PubSub;
  pictureUrl: (key: string) => string;
  now: () => Date;
  onBlockChange?: (a: string, b: string) => Promise<void>;
}

interface Viewer {
  account: AccountRow;
  locale: Locale;
  cutoff: string;
  city: PlacedCity | null;
}

const notEligible = () =>
  new AppError(403, 'SOCIAL_NOT_ELIGIBLE', 'Social features are for musicians aged 13 or more with a birthdate.');
const invalid = (field: string, code: FieldErrorCode, message: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, { fields: { [field]: code } });
/** Unknown, invisible (blocked either way, under 13, unvalidated) and hidden profiles are all this one answer. */
const noSuchMusician = () => notFound('No such musician.');

export function createCommunityService(deps: CommunityDeps) {
  const { repo, finder, cities } = deps;

  /** The signed-in musician, refused when under the social age (every social call starts here). */
  async function viewer(accountId: string): Promise<Viewer> {
    const account = await repo.account(accountId);
    if (!account) throw new AppError(401, 'UNAUTHENTICATED', 'Not signed in.');
    const today = deps.now();
    if (!isEligibleToSocial(account.birthdate, today)) throw notEligible();
    const locale = asLocale(account.locale);
    const city =
      account.cityId === null ? null : ((await cities.byIds([account.cityId], locale)).get(account.cityId) ?? null);
    return { account, locale, cutoff: socialAgeCutoff(today), city };
  }

  async function cards(v: Viewer, rows: CardRow[]): Promise<MusicianCard[]> {
    const ids = rows.map((r) => r.id);
    const cityIds = [...new Set(rows.flatMap((r) => (r.cityId === null ? [] : [r.cityId])))];
    const [played, placed] = await Promise.all([repo.playedBy(ids), cities.byIds(cityIds, v.locale)]);
    const ctx = {
      viewerId: v.account.id,
      viewerCity: v.city,
      cities: placed,
      played,
      pictureUrl: deps.pictureUrl,
      delayMs: cities.delayMs,
    };
    return rows.map((r) => presentCard(r, ctx));
  }

  const page = async (v: Viewer, p: number, size: number, found: { rows: CardRow[]; total: number }) => ({
    items: await cards(v, found.rows),
    page: p,
    size,
    total: found.total,
  });

  async function profileOf(v: Viewer, account: AccountRow & { followed: boolean }): Promise<Profile> {
    const [played, styles, links, counts, placed] = await Promise.all([
      repo.playedBy([account.id]),
      repo.stylesOf(account.id),
      repo.linksOf(account.id),
      repo.counts(account.id),
      account.cityId === null ? new Map<number, PlacedCity>() : cities.byIds([account.cityId], v.locale),
    ]);
    return presentProfile({
      account,
      viewerId: v.account.id,
      city: account.cityId === null ? null : (placed.get(account.cityId) ?? null),
      viewerCity: v.city,
      played: played.get(account.id) ?? [],
      styles,
      links,
      counts,
      pictureUrl: deps.pictureUrl,
      delayMs: cities.delayMs,
    });
  }

  async function visible(v: Viewer, key: { id: string } | { username: string }) {
    const found = await repo.findVisible(v.account.id, v.cutoff, key);
    if (!found) throw noSuchMusician();
    return found;
  }

  /** Refuses references that do not exist, and the same one twice, field by field. */
  async function checkReferences(
    table: 'instruments' | 'styles' | 'networks',
    field: string,
    ids: string[],
  ): Promise<void> {
    if (new Set(ids).size !== ids.length) throw invalid(field, 'duplicate', `The same ${field} is listed twice.`);
    const known = await repo.existing(table, ids);
    if (ids.some((id) => !known.has(id))) throw invalid(field, 'unknown', `Unknown ${field}.`);
  }

  /** Tells a musician's pages that their blocked-by list changed. */
  const announceBlock = async (blockerId: string, blockedId: string) => {
    await deps.pubsub.publish(busTopics.blocked(blockedId), { event: 'changed' });
    await deps.onBlockChange?.(blockerId, blockedId);
  };

  return {
    viewer,

    instruments: async (): Promise<Instrument[]> => (await repo.instruments()).map(presentInstrument),

    async profile(viewerId: string, key: { id: string } | { username: string }): Promise<Profile> {
      const v = await viewer(viewerId);
      return profileOf(v, await visible(v, key));
    },

    async publicAccount(viewerId: string, id: string): Promise<PublicAccount> {
      const v = await viewer(viewerId);
      const a = await visible(v, { id });
      return {
        id: a.id,
        username: a.username,
        displayedUsername: displayedName(a),
        profilePicture: a.profilePicture ? deps.pictureUrl(a.profilePicture) : null,
        verified: a.verified,
      };
    },

    async updateProfile(viewerId: string, body: ProfileBody): Promise<Profile> {
      const v = await viewer(viewerId);
      await checkReferences('styles', 'musicStyles', body.musicStyles);
      await checkReferences(
        'networks',
        'socialLinks',
        body.socialLinks.map((l) => l.network),
      );
      let countryCode = body.country?.toUpperCase() ?? null;
      if (body.cityId !== null) {
        const city = (await cities.byIds([body.cityId], v.locale)).get(body.cityId);
        if (!city) throw invalid('cityId', 'unknown', 'Unknown city.');
        countryCode = city.country;
      } else if (countryCode !== null && !(await finder.countryExists(countryCode))) {
        throw invalid('country', 'unknown', 'Unknown country.');
      }
      await repo.updateProfile(viewerId, {
        countryCode,
        cityId: body.cityId,
        biography: body.biography === null || body.biography === '' ? null : body.biography,
        publicProfile: body.publicProfile,
        newsOptIn: body.newsOptIn,
        connectionType: body.connectionType,
        socialLinks: body.socialLinks,
        musicStyles: body.musicStyles,
      });
      return this.profile(viewerId, { id: viewerId });
    },

    async updateMusicSkills(viewerId: string, body: MusicSkillsBody): Promise<Profile> {
      await viewer(viewerId);
      await checkReferences(
        'instruments',
        'instruments',
        body.instruments.map((i) => i.instrument),
      );
      await repo.replaceInstruments(
        viewerId,
        body.instruments.map((i) => ({
          instrument: i.instrument,
          skill: i.skill,
          brand: i.brand || null,
          model: i.model || null,
        })),
      );
      return this.profile(viewerId, { id: viewerId });
    },

    async followers(viewerId: string, id: string, p: number, size: number): Promise<Page<MusicianCard>> {
      const v = await viewer(viewerId);
      const target = await visible(v, { id });
      // A private profile's followers are part of what it hides.
      if (target.id !== viewerId && !target.publicProfile && !target.followed) throw noSuchMusician();
      return page(v, p, size, await repo.followPage(viewerId, v.cutoff, id, 'followers', p, size));
    },

    async follows(viewerId: string, p: number, size: number): Promise<Page<MusicianCard>> {
      const v = await viewer(viewerId);
      return page(v, p, size, await repo.followPage(viewerId, v.cutoff, viewerId, 'follows', p, size));
    },

    async search(viewerId: string, body: SearchBody & { p: number; size: number }): Promise<Page<MusicianCard>> {
      const v = await viewer(viewerId);
      const found = await finder.search(
        { id: viewerId, cutoff: v.cutoff, locale: v.locale },
        body.filters ?? {},
        body.p,
        body.size,
      );
      return page(v, body.p, body.size, found);
    },

    async suggestions(viewerId: string, kind: SuggestionKind, limit: number): Promise<MusicianCard[]> {
      const v = await viewer(viewerId);
      const rows = await finder.suggestions(
        { id: viewerId, cutoff: v.cutoff, locale: v.locale },
        v.account,
        kind,
        limit,
      );
      return cards(v, rows);
    },

    async follow(viewerId: string, id: string): Promise<void> {
      const v = await viewer(viewerId);
      if (id === viewerId) throw new AppError(400, 'SELF_ACTION', 'You cannot follow yourself.');
      await visible(v, { id });
      if (!(await repo.follow(viewerId, id, deps.now()))) {
        throw new AppError(409, 'ALREADY_FOLLOWING', 'You already follow this musician.');
      }
    },

    async unfollow(viewerId: string, id: string): Promise<void> {
      await viewer(viewerId);
      // Unfollowing someone who became invisible (blocked, say) is still allowed: it only removes my own row.
      if (!(await repo.unfollow(viewerId, id))) throw notFound('You do not follow this musician.');
    },

    async block(viewerId: string, id: string): Promise<void> {
      const v = await viewer(viewerId);
      if (id === viewerId) throw new AppError(400, 'SELF_ACTION', 'You cannot block yourself.');
      // Blocking someone who already blocked me is allowed (the list shows whom I blocked) but the target must be
      // a social account: a made-up id is not found.
      const target = await repo.account(id);
      if (!target || !(await finder.isSocial(id, v.cutoff))) throw noSuchMusician();
      if (!(await repo.block(viewerId, id, deps.now()))) {
        throw new AppError(409, 'ALREADY_BLOCKED', 'You already blocked this musician.');
      }
      await announceBlock(viewerId, id);
    },

    async unblock(viewerId: string, id: string): Promise<void> {
      await viewer(viewerId);
      if (!(await repo.unblock(viewerId, id))) throw notFound('You did not block this musician.');
      await announceBlock(viewerId, id);
    },

    async blocked(viewerId: string, reverse: boolean, p: number, size: number): Promise<BlockedList> {
      const v = await viewer(viewerId);
      if (reverse) {
        const blockedBy = await repo.blockedBy(viewerId, BLOCKED_BY_MAX);
        return { items: [], page: 1, size, total: blockedBy.length, blockedBy };
      }
      return page(v, p, size, await repo.blockedPage(viewerId, p, size));
    },
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
