import { addTranslations } from '../../lib/i18n';
import en from '../../locales/en/messages.json';
import fr from '../../locales/fr/messages.json';

// The messages' texts load with their screens and the header's entry (musicians of the social age).
addTranslations('messages', { en, fr });

export const MESSAGES_NS = 'messages';
