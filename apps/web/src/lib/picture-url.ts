import { publicRoutes } from 'virtual:tutti-contract';
import { fillPath } from './api-client';
import { getRuntimeConfig } from './runtime-config';

/**
 * GET v1/accounts/{username}/picture under the API base of the runtime config: a musician's profile picture, or the
 * default avatar (the server answers an image either way), for a screen that knows the musician by username only.
 * A public route: an <img> fetches it without a token.
 */
export function pictureUrl(username: string): string {
  const route = publicRoutes.getPicture;
  if (!route) throw new Error('GET v1/accounts/{username}/picture is missing from the public route table');
  return `${getRuntimeConfig().apiUrl}${fillPath(route.path, { username })}`;
}
