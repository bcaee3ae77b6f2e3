import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { contentSecurityPolicy, DATADOG_INTAKE } from './security.ts';

describe('contentSecurityPolicy connect-src', () => {
  it('allows the app, the bus and the broker derived from PUBLIC_URL, and no other WebSocket', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://tutti.example.org' });
    expect(contentSecurityPolicy(config, 'wss://tutti.example.org:8084')['connect-src']).toEqual([
      "'self'",
      'wss://tutti.example.org',
      'wss://tutti.example.org:8084',
    ]);
  });

  it('follows BUS_HOST and BROKER_PUBLIC_URL, and adds the analytics configured', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://tutti.example.org',
      BUS_HOST: 'wss://bus.example.org/bus',
      BROKER_PUBLIC_URL: 'wss://mqtt.example.org:8884/mqtt',
      MATOMO_URL: 'https://stats.example.org/matomo/',
      MATOMO_ID: '3',
      DATADOG_CLIENT_TOKEN: 'pub123',
    });
    expect(contentSecurityPolicy(config, config.queueHost ?? '')['connect-src']).toEqual([
      "'self'",
      'wss://bus.example.org',
      'wss://mqtt.example.org:8884',
      'https://stats.example.org',
      DATADOG_INTAKE,
    ]);
  });

  it('drops an address that does not parse rather than widening the policy', () => {
    const config = loadConfig({ BUS_HOST: 'not a url' });
    expect(contentSecurityPolicy(config, 'also not a url')['connect-src']).toEqual(["'self'"]);
  });
});

describe('contentSecurityPolicy img-src', () => {
  it('adds the origin uploaded files are loaded from when a bucket is served elsewhere (S3_PUBLIC_URL)', () => {
    expect(contentSecurityPolicy(loadConfig({}), '')['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    const config = loadConfig({ S3_BUCKET: 'tutti', S3_PUBLIC_URL: 'https://cdn.example.org/tutti/' });
    expect(contentSecurityPolicy(config, '')['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://cdn.example.org',
    ]);
  });
});

describe('contentSecurityPolicy with Stripe', () => {
  it("lets Stripe.js load, frame its card element and call its API only when Stripe's keys are set", () => {
    const sandbox = contentSecurityPolicy(loadConfig({}), 'ws://localhost:8083');
    expect(sandbox['script-src']).toEqual(["'self'"]);
    expect(sandbox['frame-src']).toEqual(["'self'"]);
    const stripe = contentSecurityPolicy(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }),
      'ws://localhost:8083',
    );
    expect(stripe['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
    expect(stripe['frame-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(stripe['connect-src']).toContain('https://api.stripe.com');
  });

  it('refuses a partial Stripe configuration instead of silently using the sandbox', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });
});
