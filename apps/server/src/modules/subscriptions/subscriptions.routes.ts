import type { Endpoint } from '../../platform/endpoints.ts';
import type { ProductsService } from './products.service.ts';

/** Products: administrators write them (access 'admin' in the contract); musicians read what is offered to them. */
export function registerSubscriptionsRoutes(endpoint: Endpoint, products: ProductsService): void {
  endpoint('listProducts', ({ query }) => products.list(query));
  endpoint('getProduct', ({ params }) => products.get(params.id));
  endpoint('createProduct', ({ body }) => products.create(body));
  endpoint('updateProduct', ({ params, body }) => products.update(params.id, body));
  endpoint('deleteProduct', ({ params }) => products.remove(params.id), { errors: [409] });
  endpoint('enableProduct', ({ params }) => products.enable(params.id));
  endpoint('disableProduct', ({ params }) => products.disable(params.id));
  endpoint('listAvailableProducts', ({ auth }) => products.available(auth.accountId));
}
