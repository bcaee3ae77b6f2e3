import { useState } from 'react';
import { launchClient, nalsLaunchUrl, openProtocolLink, type LaunchResult } from './launch';
import { nalsStore, startClient } from './nals-store';
import { useServerConfig } from './server-config';

/**
 * Starting the audio client from a click (spec sections 8 and 9): a stopped client starts at once; otherwise the
 * nals:// link launches the installed one, opened within the click itself since browsers only hand a
 * custom-protocol link to the system on a user gesture. `broker` is undefined until the server's config is known.
 */
export function useClientLauncher() {
  const broker = useServerConfig().data?.queueHost;
  const [launching, setLaunching] = useState(false);

  /** Starts a launch with this token, unless there is no broker yet or one is under way (then returns false). */
  const launch = (nalsToken: string, onResult: (result: LaunchResult) => void): boolean => {
    if (!broker || launching) return false;
    setLaunching(true);
    startClient();
    void launchClient(nalsLaunchUrl(nalsToken, broker), {
      open: openProtocolLink,
      isConnected: () => nalsStore.getState().isConnected,
      subscribe: (onChange) => nalsStore.subscribe(onChange),
    }).then((result) => {
      setLaunching(false);
      onResult(result);
    });
    return true;
  };

  return { broker, launching, launch };
}
