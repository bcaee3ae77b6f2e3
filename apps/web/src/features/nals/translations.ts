import { addTranslations } from '../../lib/i18n';
import en from '../../locales/en/nals.json';
import fr from '../../locales/fr/nals.json';

// The audio client's texts load with its code, for signed-in pages only; importing this module registers them.
addTranslations('nals', { en, fr });

export const NALS_NS = 'nals';
