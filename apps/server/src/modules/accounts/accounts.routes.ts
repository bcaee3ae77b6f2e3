import type { Endpoint } from '../../platform/endpoints.ts';
import { ADMIN_PRIVILEGE } from '../../platform/auth-guard.ts';
import type { AccountDeletionService } from './account-deletion.ts';
import type { AccountsService } from './accounts.service.ts';

export function registerAccountsRoutes(
  endpoint: Endpoint,
  accounts: AccountsService,
  deletion: AccountDeletionService,
): void {
  endpoint('signUp', ({ body, request }) => accounts.signUp(body, request.headers['accept-language']), {
    rateLimited: true,
    errors: [409],
  });
  endpoint('resendConfirmation', ({ params }) => accounts.resendConfirmation(params.id), {
    rateLimited: true,
    errors: [409],
  });
  endpoint('validateAccount', ({ body }) => accounts.validate(body.token));
  endpoint('forgotPassword', ({ body }) => accounts.forgotPassword(body.email), { rateLimited: true });
  endpoint('recoverPassword', ({ body }) => accounts.recoverPassword(body.token, body.password), { rateLimited: true });
  // A password to check: attempts count per address, as sign-ins do, and wrong ones against the account's own
  // budget (RATE_LIMIT_PASSWORD_MAX), so that guesses from many addresses are refused too (issue 33).
  endpoint(
    'deleteAccount',
    ({ auth, params, body }) =>
      deletion.request(
        { accountId: auth.accountId, admin: auth.privileges.includes(ADMIN_PRIVILEGE) },
        params.id,
        body.password,
      ),
    { rateLimited: true, passwordOf: ({ auth }) => auth.accountId, errors: [409] },
  );
}
