import type { Endpoint } from '../../platform/endpoints.ts';
import type { Rehearsals } from './rehearsals.ts';

export function registerRehearsalRoutes(endpoint: Endpoint, r: Rehearsals): void {
  endpoint('listSessions', ({ auth, query }) => r.queries.listLive(auth, query));
  endpoint('listPublicSessions', ({ auth, query }) => r.queries.listPublic(auth, query));
  endpoint('listMySessions', ({ auth, query }) => r.queries.listMine(auth, query));
  endpoint('listSessionPosts', ({ query }) => r.queries.listPosts(query));
  endpoint('getSessionDetails', ({ auth, params }) => r.presence.details(auth, params.id));
  endpoint('keepalive', ({ auth, params }) => r.presence.keepalive(auth, params.id), { errors: [402, 409] });
  endpoint('postRoomMetrics', ({ auth, params, body }) => r.presence.postRoomMetrics(auth, params.id, body), {
    errors: [409],
  });

  endpoint('createOpenRehearsal', ({ auth, body }) => r.open.create(auth, body), { errors: [409, 429] });
  endpoint('updateOpenRehearsal', ({ auth, params, body }) => r.open.update(auth, params.id, body), {
    errors: [409],
  });
  endpoint('setOpenRehearsalCover', ({ auth, params, request }) => r.open.setCover(auth, params.id, request), {
    errors: [409],
  });
  endpoint('inviteToOpenRehearsal', ({ auth, params, body }) => r.open.invite(auth, params.id, body), {
    errors: [409],
  });
  endpoint('joinOpenRehearsal', ({ auth, params }) => r.open.join(auth, params.id), { errors: [402, 409, 503] });
  endpoint('quitOpenRehearsal', ({ auth, params, body }) => r.presence.quit(auth, params.id, 'open', body));

  endpoint('listTestRehearsals', () => r.test.list());
  endpoint('createTestRehearsal', ({ auth, body }) => r.test.create(auth, body));
  endpoint('deleteTestRehearsal', ({ params }) => r.test.remove(params.id));
  endpoint('joinTestRehearsal', ({ auth, params, body }) => r.test.join(auth, params.id, body.password), {
    errors: [409, 503],
    passwordOf: ({ auth }) => auth.accountId,
  });
  endpoint('quitTestRehearsal', ({ auth, params, body }) => r.presence.quit(auth, params.id, 'test', body));
}
