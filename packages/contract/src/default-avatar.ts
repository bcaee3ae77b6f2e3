/** The default avatar (SPEC section 3: shown when a musician has no picture, or theirs fails to load): a head and
 *  shoulders on the brand's violet, as SVG. The web shows it as a data URL; the server renders it to PNG for
 *  GET v1/accounts/{username}/picture. One drawing, both places. */
export const DEFAULT_AVATAR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128">' +
  '<rect width="128" height="128" fill="#e5dbff"/>' +
  '<circle cx="64" cy="50" r="24" fill="#7950f2"/>' +
  '<path d="M20 128c4-26 22-40 44-40s40 14 44 40z" fill="#7950f2"/>' +
  '</svg>';

export const DEFAULT_AVATAR_DATA_URL = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(DEFAULT_AVATAR_SVG)}`;
