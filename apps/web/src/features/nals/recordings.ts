import type { Locale } from '@tutti/contract/common';
import { numberFormat } from '../../lib/format';

// BCP 47 tags, as lib/format.ts uses them: 'en' alone would follow the runtime's default region.
const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', fr: 'fr-FR' };

/** "0:07", "10:00", "1:02:03": a recording's length or the time elapsed, to the second. */
export function formatDuration(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** "160 kB" / "160 ko", "1.4 MB" / "1,4 Mo": a file size in the reader's language (decimal units, as file managers). */
export function formatFileSize(bytes: number, locale: Locale): string {
  const [value, unit] =
    bytes >= 1_000_000
      ? [bytes / 1_000_000, 'megabyte']
      : bytes >= 1_000
        ? [bytes / 1_000, 'kilobyte']
        : [bytes, 'byte'];
  return numberFormat(INTL_LOCALE[locale], {
    style: 'unit',
    unit,
    // Short byte units read "512 byte"; the long ones "512 bytes" / "512 octets".
    unitDisplay: unit === 'byte' ? 'long' : 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
