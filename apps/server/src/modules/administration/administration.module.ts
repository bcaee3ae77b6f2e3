import type { ExperimentAssignment } from '@tutti/contract/experiments';
import type { AppConfig } from '../../config.ts';
import { readAuditLog } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db.ts';
import type { Endpoint } from '../../platform/endpoints.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { PaymentProvider } from '../subscriptions/payments/provider.ts';
import { createAccountsAdminRepository } from './accounts-admin.repository.ts';
import { createAccountsAdminService } from './accounts-admin.service.ts';

export interface AdministrationDeps {
  db: Db;
  authRepo: Pick<AuthRepository, 'listLiveDevices'>;
  auth: { revokeSessions: (accountId: string) => Promise<void> };
  cache: SessionCache;
  config: Pick<AppConfig, 'adminEmails' | 'testerEmails'>;
  /** The payment service, for the sync. */
  billing: { provider: PaymentProvider };
  /** The account's variant in each running A/B test (modules/experiments), for its segments. */
  experimentsOf: (accountId: string) => Promise<ExperimentAssignment[]>;
  now: () => Date;
}

/** The administration's own routes (access 'admin' in the contract): the audit log and the accounts. */
export function registerAdministration(endpoint: Endpoint, deps: AdministrationDeps): void {
  const accounts = createAccountsAdminService({
    ...deps,
    repo: createAccountsAdminRepository(deps.db),
    revokeSessions: deps.auth.revokeSessions,
    provider: deps.billing.provider,
  });
  endpoint('listAuditLog', ({ query }) => readAuditLog(deps.db, query));
  endpoint('listAccounts', ({ query }) => accounts.list(query));
  endpoint('accountStats', () => accounts.stats());
  endpoint('getAccount', ({ params }) => accounts.get(params.id));
  endpoint('getAccountSegments', ({ params }) => accounts.segments(params.id));
  endpoint('listAccountDevices', ({ params }) => accounts.devices(params.id));
  endpoint(
    'setAccountPrivileges',
    ({ auth, params, body }) => accounts.setPrivileges(auth.accountId, params.id, body.privileges),
    { errors: [409] },
  );
  endpoint('setAccountValid', ({ auth, params, query }) =>
    accounts.setValid(auth.accountId, params.id, query.state === 'true'),
  );
  endpoint('setAccountVerified', ({ auth, params, query }) =>
    accounts.setVerified(auth.accountId, params.id, query.state === 'true'),
  );
  endpoint('setAccountPassword', ({ auth, params, body }) =>
    accounts.setPassword(auth.accountId, params.id, body.password),
  );
  endpoint('syncAccount', ({ auth, params }) => accounts.sync(auth.accountId, params.id), { errors: [503] });
}
