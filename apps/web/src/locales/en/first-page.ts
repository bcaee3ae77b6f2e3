import auth from './auth.json';
import common from './common.json';

/** The namespaces every page may need at once, in this language: one chunk per language, loaded before the first
 *  render (lib/i18n.ts), so a page downloads its own language only. */
export default { common, auth };
