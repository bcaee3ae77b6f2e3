import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { registerLanguage } from '../src/lib/i18n';
import { nalsStoreLoad } from '../src/lib/nals/nals-connected';
import { loadNalsProtocol } from '../src/lib/nals/protocol-loader';
import en from '../src/locales/en/first-page';
import fr from '../src/locales/fr/first-page';

// The app fetches its reader's language before the first render (main.tsx); the tests have both at hand.
registerLanguage('en', en);
registerLanguage('fr', fr);

// The page loads the audio client protocol's checks with its first message (lib/nals/protocol-loader.ts); the tests
// have them at hand, so that a message a test hands to the store is applied at once.
await loadNalsProtocol();

// The whole suite runs beside the server's on 2 cores: a lazy chunk (menus, modals) can take more than the default
// second to arrive, which is the machine, not the page.
configure({ asyncUtilTimeout: 4000 });

// jsdom has no `document.fonts`, which Mantine's autosizing textarea listens to: every test that renders one needs it.
if (typeof document !== 'undefined' && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
  });
}

// A component that shows whether the audio client is connected loads the client's store once it has painted
// (lib/nals/nals-connected.ts). When a file's test started that load, the file waits for it: an import still loading
// when the environment is torn down fails the whole run (seen once from download-page.test.tsx).
// Only the wait is this hook's: a load that fails is reported as such, not twice.
afterAll(async () => {
  await nalsStoreLoad()?.catch(() => undefined);
});

afterEach(() => {
  cleanup();
  // Absent from the Node environment some tests choose (`@vitest-environment node`: the broker integration test).
  if (typeof localStorage === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
});
