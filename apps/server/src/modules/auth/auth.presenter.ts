import type { AuthTokens, Device } from '@tutti/contract/accounts';
import type { DeviceRow } from '../../platform/schema.ts';

export function presentDevice(row: DeviceRow, currentDeviceId: string): Device {
  return {
    id: row.id,
    app: row.app,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.id === currentDeviceId,
  };
}

export function presentTokens(input: {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  accountId: string;
}): AuthTokens {
  return {
    accessToken: input.accessToken,
    refreshToken: input.refreshToken,
    expiresIn: input.expiresIn,
    accountId: input.accountId,
  };
}
