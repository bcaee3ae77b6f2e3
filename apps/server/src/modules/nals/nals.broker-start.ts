import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Guard } from '../../platform/auth-guard.ts';
import { startBroker, type Broker } from '../../platform/broker.ts';
import { createBrokerAccess } from './nals.broker.ts';
import { registerBrokerHooks } from './nals.hooks.ts';
import type { NalsRepository } from './nals.repository.ts';

/**
 * The MQTT broker the audio clients and the pages talk through: embedded (started with the app, closed before the
 * database), or external through the authentication hooks. `set` keeps the app's handle on the running broker.
 */
export function registerBroker(
  app: FastifyInstance,
  deps: {
    config: Pick<AppConfig, 'broker' | 'host'>;
    guard: Guard;
    repo: NalsRepository;
    set: (broker: Broker | null) => void;
    get: () => Broker | null;
  },
): void {
  const { config } = deps;
  const brokerAccess = createBrokerAccess({ guard: deps.guard, repo: deps.repo });
  registerBrokerHooks(app, brokerAccess, config.broker.hookSecret);
  if (!config.broker.enabled && config.broker.hookSecret === null) {
    app.log.warn('BROKER_ENABLED=false and BROKER_HOOK_SECRET unset: the external broker hooks refuse every call');
  }
  if (!config.broker.enabled) return;
  app.addHook('onReady', async () => {
    const broker = await startBroker({
      port: config.broker.port,
      host: config.host,
      tls: config.broker.tls,
      authenticator: brokerAccess,
      limits: config.broker.limits,
      log: app.log.child({ module: 'broker' }),
    });
    deps.set(broker);
    app.log.info({ port: broker.port, tls: broker.tls }, 'MQTT broker listening (WebSocket)');
  });
  // Before the HTTP server and the database close: connections end while their lookups still work.
  app.addHook('preClose', async () => {
    const running = deps.get();
    deps.set(null);
    await running?.close();
  });
}
