import type { AccountRow, DeviceRow } from '../../platform/schema.ts';

/** Only confirmed accounts may sign in: the email must be proven first. */
export const maySignIn = (account: AccountRow): boolean => account.validatedAt !== null;

/** A device belongs to one account; anyone else sees it as not found, never as forbidden (ids do not leak). */
export const mayManageDevice = (device: DeviceRow | null, accountId: string): device is DeviceRow =>
  device !== null && device.accountId === accountId && device.revokedAt === null;
