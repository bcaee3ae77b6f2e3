import { describe, expect, it } from 'vitest';
import type { DeviceRow } from '../../platform/schema.ts';
import { mayManageDevice } from './auth.policy.ts';
import { presentDevice } from './auth.presenter.ts';

const device: DeviceRow = {
  id: '7d3e2f10-1a2b-4c3d-8e9f-a0b1c2d3e4f5',
  accountId: '0b5f4b4e-8f5e-4c59-9b8e-0d6d2a3b1c01',
  serial: 'serial-1234',
  app: 'tutti-web/1.0.0',
  userAgent: 'Firefox',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  lastUsedAt: new Date('2026-01-02T00:00:00Z'),
  revokedAt: null,
};

describe('presentDevice', () => {
  it('flags the current device and hides the serial', () => {
    expect(presentDevice(device, device.id)).toEqual({
      id: device.id,
      app: 'tutti-web/1.0.0',
      userAgent: 'Firefox',
      createdAt: '2026-01-01T00:00:00.000Z',
      lastUsedAt: '2026-01-02T00:00:00.000Z',
      current: true,
    });
    expect(presentDevice(device, 'another').current).toBe(false);
  });
});

describe('mayManageDevice', () => {
  it('allows only the owner, and only a live device', () => {
    expect(mayManageDevice(device, device.accountId)).toBe(true);
    expect(mayManageDevice(device, 'someone else')).toBe(false);
    expect(mayManageDevice({ ...device, revokedAt: new Date() }, device.accountId)).toBe(false);
    expect(mayManageDevice(null, device.accountId)).toBe(false);
  });
});
