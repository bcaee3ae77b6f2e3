import en from '../../locales/en/me.json';
import fr from '../../locales/fr/me.json';
import { addTranslations } from '../i18n';

// Loaded with the screens that use them rather than with the first page (the login page's budget): shared by more
// than one feature, so they live here.
addTranslations('me', { en, fr });

export const ME_NS = 'me';
