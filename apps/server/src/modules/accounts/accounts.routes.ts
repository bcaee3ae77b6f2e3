import type { Endpoint } from '../../platform/endpoints.ts';
import type { AccountsService } from './accounts.service.ts';

export function registerAccountsRoutes(endpoint: Endpoint, accounts: AccountsService): void {
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
}
