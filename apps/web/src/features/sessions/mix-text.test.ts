import { describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { levelText, ofName, panText } from './mix-text';
import { SESSIONS_NS } from './translations';

const i18n = initI18n('en');

describe('mix texts', () => {
  it('says where a slot sits and how loud, in English and French', () => {
    const en = i18n.getFixedT('en', SESSIONS_NS);
    expect(panText(en, 0)).toBe('Centre');
    expect(panText(en, -25)).toBe('25% left');
    expect(panText(en, 40)).toBe('40% right');
    expect(levelText(en, 80)).toBe('80%');
    const fr = i18n.getFixedT('fr', SESSIONS_NS);
    expect(panText(fr, -25)).toBe('25\u00a0% à gauche');
    expect(levelText(fr, 80)).toBe('80\u00a0%');
  });

  it('elides "de" in French before a vowel or a mute h, never in English', () => {
    expect(ofName('fr', 'Alice')).toBe('d’Alice');
    expect(ofName('fr', 'Hugo')).toBe('d’Hugo');
    expect(ofName('fr', 'Élodie')).toBe('d’Élodie');
    expect(ofName('fr', 'Bob')).toBe('de Bob');
    expect(ofName('en', 'Alice')).toBe('Alice');
  });
});
