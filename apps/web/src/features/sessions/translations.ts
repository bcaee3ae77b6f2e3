import { addTranslations } from '../../lib/i18n';
import en from '../../locales/en/sessions.json';
import fr from '../../locales/fr/sessions.json';

// The sessions' texts load with their pages (signed-in users only); importing this module registers them.
addTranslations('sessions', { en, fr });

export const SESSIONS_NS = 'sessions';
