import { describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { displayOf, effectText, toClient, toScreen } from './effect-text';
import { NALS_NS } from './translations';

const i18n = initI18n('en');
const delayTime = displayOf({ section: 'delay', field: 'timeInSec' });
const feedback = displayOf({ section: 'delay', field: 'feedback' });
const gain = displayOf({ section: 'amp', field: 'gain' });
const voices = displayOf({ section: 'chorus', field: 'voices' });

describe('effect texts', () => {
  it('moves seconds to milliseconds and fractions to percent, and back, without float noise', () => {
    expect(toScreen(delayTime, 0.3)).toBe(300);
    expect(toScreen(feedback, 0.57)).toBe(57);
    expect(toScreen(feedback, 0.333)).toBe(33.3);
    expect(toClient(delayTime, 310)).toBe(0.31);
    expect(toClient(feedback, 57)).toBe(0.57);
    expect(toClient(gain, -6.5)).toBe(-6.5);
  });

  it('writes a value with its unit in English and French', () => {
    const en = i18n.getFixedT('en', NALS_NS);
    const fr = i18n.getFixedT('fr', NALS_NS);
    expect(effectText(en, 'en', delayTime, 250)).toBe('250\u00a0ms');
    expect(effectText(en, 'en', feedback, 30)).toBe('30%');
    expect(effectText(fr, 'fr', feedback, 30)).toBe('30\u00a0%');
    expect(effectText(en, 'en', gain, 2.5)).toBe('+2.5\u00a0dB');
    expect(effectText(fr, 'fr', gain, 2.5)).toBe('+2,5\u00a0dB');
    expect(effectText(en, 'en', gain, 0)).toBe('0\u00a0dB');
    expect(effectText(en, 'en', voices, 1)).toBe('1\u00a0voice');
    expect(effectText(en, 'en', voices, 4)).toBe('4\u00a0voices');
  });
});
