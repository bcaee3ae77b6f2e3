import { REPLIED, type Endpoint } from '../../platform/endpoints.ts';
import type { CommunityPictures } from './community.pictures.ts';
import type { CommunityService } from './community.service.ts';

export function registerCommunityRoutes(
  endpoint: Endpoint,
  community: CommunityService,
  pictures: CommunityPictures,
): void {
  endpoint('listInstruments', () => community.instruments());
  endpoint('updateProfile', ({ auth, body }) => community.updateProfile(auth.accountId, body));
  endpoint('updateMusicSkills', ({ auth, body }) => community.updateMusicSkills(auth.accountId, body));
  endpoint('setProfilePicture', ({ auth, request }) => pictures.upload(auth.accountId, 'profile', request), {
    errors: [413],
  });
  endpoint('setCoverPicture', async ({ auth, request }) => {
    await community.viewer(auth.accountId);
    return pictures.upload(auth.accountId, 'cover', request);
  });
  endpoint('getPicture', async ({ params, reply }) => {
    const image = await pictures.ofUsername(params.username);
    // Keys are never reused, but the username's picture changes: a short cache.
    reply.header('cache-control', 'public, max-age=300').header('x-content-type-options', 'nosniff');
    if (image.size !== null) reply.header('content-length', String(image.size));
    await reply.type(image.contentType).send(image.body);
    return REPLIED;
  });

  endpoint('getPublicAccount', ({ auth, params }) => community.publicAccount(auth.accountId, params.id));
  endpoint('listFollowers', ({ auth, params, query }) =>
    community.followers(auth.accountId, params.id, query.p, query.size),
  );
  endpoint('getProfileByUsername', ({ auth, params }) =>
    community.profile(auth.accountId, { username: params.username }),
  );
  endpoint('getProfile', ({ auth, params }) => community.profile(auth.accountId, { id: params.id }));
  endpoint('search', ({ auth, body }) => community.search(auth.accountId, body));

  endpoint('listFollows', ({ auth, query }) => community.follows(auth.accountId, query.p, query.size));
  endpoint('suggestions', ({ auth, query }) => community.suggestions(auth.accountId, 'around', query.limit));
  endpoint('countrySuggestions', ({ auth, query }) => community.suggestions(auth.accountId, 'country', query.limit));
  endpoint('citySuggestions', ({ auth, query }) => community.suggestions(auth.accountId, 'city', query.limit));
  endpoint('follow', ({ auth, params }) => community.follow(auth.accountId, params.id), { errors: [409] });
  endpoint('unfollow', ({ auth, params }) => community.unfollow(auth.accountId, params.id));

  endpoint('listBlocked', ({ auth, query }) =>
    community.blocked(auth.accountId, query.reverse === 'true', query.p, query.size),
  );
  endpoint('block', ({ auth, params }) => community.block(auth.accountId, params.id), { errors: [409] });
  endpoint('unblock', ({ auth, params }) => community.unblock(auth.accountId, params.id));
}
