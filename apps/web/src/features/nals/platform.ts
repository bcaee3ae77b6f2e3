/** The builds the audio client ships (spec section 8), as GET v1/nals/download names them, or none for this device. */
export type DownloadOs = 'linux' | 'windows' | 'mac';
export type DevicePlatform = DownloadOs | 'unsupported';

export const DOWNLOAD_SYSTEMS: readonly DownloadOs[] = ['linux', 'windows', 'mac'];

export interface PlatformClues {
  userAgent: string;
  /** navigator.userAgentData, where the browser offers it (Chromium). */
  userAgentData?: { platform?: string; mobile?: boolean } | null;
  /** navigator.maxTouchPoints: an iPad asks for desktop pages with a Mac user agent. */
  maxTouchPoints?: number;
}

/** macOS from 10.10 Yosemite. */
const MIN_MAC = [10, 10] as const;

function macVersion(ua: string): [number, number] | null {
  const match = /Mac OS X (\d+)[._](\d+)/.exec(ua);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/**
 * Which build suits this device: Linux, Windows 64-bit, macOS from Yosemite; anything else (phones, tablets,
 * Chromebooks, 32-bit Windows, older Macs) is unsupported.
 */
export function detectPlatform({ userAgent: ua, userAgentData, maxTouchPoints = 0 }: PlatformClues): DevicePlatform {
  const hinted = userAgentData?.platform?.toLowerCase() ?? '';
  if (userAgentData?.mobile || /Android|iPhone|iPad|iPod|Mobile|CrOS/i.test(ua) || hinted === 'android') {
    return 'unsupported';
  }
  if (hinted === 'chrome os' || hinted === 'chromeos') return 'unsupported';

  if (/Windows/.test(ua) || hinted === 'windows') {
    // "Win64; x64" (64-bit browser) or "WOW64" (32-bit browser on a 64-bit Windows).
    return /Win64|WOW64|x64|x86_64|amd64/i.test(ua) ? 'windows' : 'unsupported';
  }
  if (/Macintosh|Mac OS X/.test(ua) || hinted === 'macos') {
    if (maxTouchPoints > 1) return 'unsupported'; // an iPad in desktop mode
    const version = macVersion(ua);
    // Browsers that stopped reporting the real version freeze it at 10_15 or later: fine either way.
    if (!version) return 'mac';
    const [major, minor] = version;
    return major > MIN_MAC[0] || (major === MIN_MAC[0] && minor >= MIN_MAC[1]) ? 'mac' : 'unsupported';
  }
  if (/Linux/.test(ua) || hinted === 'linux') return 'linux';
  return 'unsupported';
}

/** The clues of the browser the page runs in. */
export function currentPlatformClues(): PlatformClues {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string; mobile?: boolean } };
  return { userAgent: nav.userAgent, userAgentData: nav.userAgentData ?? null, maxTouchPoints: nav.maxTouchPoints };
}
