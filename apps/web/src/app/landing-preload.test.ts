import { beforeEach, describe, expect, it, vi } from 'vitest';

const loads = vi.hoisted(() => ({
  loadLoginPage: vi.fn(() => Promise.resolve()),
  loadHallLoader: vi.fn(() => Promise.resolve()),
  loadHallScreen: vi.fn(() => Promise.reject(new Error('offline'))),
  loadAllRoutes: vi.fn(() => Promise.resolve()),
}));
vi.mock('./landing-modules', () => ({
  loadLoginPage: loads.loadLoginPage,
  loadHallLoader: loads.loadHallLoader,
  loadHallScreen: loads.loadHallScreen,
}));
vi.mock('../lib/route-table', () => ({ loadAllRoutes: loads.loadAllRoutes }));

const { preloadLanding } = await import('./landing-preload');

describe('preloadLanding', () => {
  beforeEach(() => Object.values(loads).forEach((load) => load.mockClear()));

  it("requests the hall's code and the full route table for a signed-in visit opened on the hall", () => {
    preloadLanding('/studio/hall', true);
    expect(loads.loadHallLoader).toHaveBeenCalledTimes(1);
    expect(loads.loadHallScreen).toHaveBeenCalledTimes(1);
    expect(loads.loadAllRoutes).toHaveBeenCalledTimes(1);
    expect(loads.loadLoginPage).not.toHaveBeenCalled();
  });

  it('requests only the login page for a guest opened on it, not the member route table', () => {
    preloadLanding('/users/login', false);
    expect(loads.loadLoginPage).toHaveBeenCalledTimes(1);
    expect(loads.loadAllRoutes).not.toHaveBeenCalled();
    expect(loads.loadHallScreen).not.toHaveBeenCalled();
  });

  it('requests nothing for another page of a guest', () => {
    preloadLanding('/download', false);
    Object.values(loads).forEach((load) => expect(load).not.toHaveBeenCalled());
  });

  it('leaves a failed load to the router (no unhandled rejection)', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    preloadLanding('/studio/hall', false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
