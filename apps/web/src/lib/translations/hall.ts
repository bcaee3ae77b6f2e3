import en from '../../locales/en/hall.json';
import fr from '../../locales/fr/hall.json';
import { addTranslations } from '../i18n';

// Loaded with the screens that use them rather than with the first page (the login page's budget): shared by more
// than one feature, so they live here.
addTranslations('hall', { en, fr });

export const HALL_NS = 'hall';
