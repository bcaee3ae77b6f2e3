import { addTranslations } from '../../lib/i18n';
import en from '../../locales/en/admin.json';
import fr from '../../locales/fr/admin.json';

// The administration's frame loads with its pages only (administrators); importing this module registers its texts.
addTranslations('admin', { en, fr });

export const ADMIN_NS = 'admin';
