import type { Endpoint } from '../../platform/endpoints.ts';
import { asLocale } from '../accounts/accounts.policy.ts';
import type { PlacesService } from './places.service.ts';

/** City search for signed-in accounts: names in the account's language. */
export function registerPlacesRoutes(endpoint: Endpoint, places: PlacesService): void {
  endpoint('searchCities', ({ auth, query }) => places.searchCities(query, asLocale(auth.account.locale)));
}
