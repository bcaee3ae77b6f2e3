import { addTranslations } from '../../lib/i18n';
import en from '../../locales/en/community.json';
import fr from '../../locales/fr/community.json';

// The community's texts load with its screens (signed-in musicians of the social age); importing this registers them.
addTranslations('community', { en, fr });

export const COMMUNITY_NS = 'community';
