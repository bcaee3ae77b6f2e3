import type { Endpoint } from '../../platform/endpoints.ts';
import type { MeService } from './me.service.ts';

export function registerMeRoutes(endpoint: Endpoint, me: MeService): void {
  endpoint('getMe', async ({ auth }) => me.getMe(auth));
  endpoint('getAppStart', ({ auth }) => me.appStart(auth));
  endpoint('ping', ({ auth }) => me.ping(auth));
  endpoint('onlineCount', () => me.onlineCount());
  endpoint('changePassword', ({ auth, body }) => me.changePassword(auth, body.oldPassword, body.newPassword), {
    // A stolen access token must not become an oracle for the password.
    passwordOf: ({ auth }) => auth.accountId,
  });
  endpoint('setBirthdate', ({ auth, body }) => me.setBirthdate(auth, body.birthdate));
  endpoint('setLocale', ({ auth, body }) => me.setLocale(auth, body.locale));
  endpoint('changeUsername', ({ auth, body }) => me.changeUsername(auth, body.username), { errors: [409] });
  endpoint('setPreferences', ({ auth, body }) => me.setPreferences(auth, body));
}
