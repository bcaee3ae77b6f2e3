import { readAuditLog } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db.ts';
import type { Endpoint } from '../../platform/endpoints.ts';

export interface AdministrationDeps {
  db: Db;
}

/** The administration's own routes (access 'admin' in the contract): the audit log. */
export function registerAdministration(endpoint: Endpoint, deps: AdministrationDeps): void {
  endpoint('listAuditLog', ({ query }) => readAuditLog(deps.db, query));
}
