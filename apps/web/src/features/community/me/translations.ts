import { addTranslations } from '../../../lib/i18n';
import en from '../../../locales/en/profile.json';
import fr from '../../../locales/fr/profile.json';

// The profile's texts load with the /me page; importing this module registers them.
addTranslations('profile', { en, fr });

export const PROFILE_NS = 'profile';
