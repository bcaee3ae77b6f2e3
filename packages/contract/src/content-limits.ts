/** The content domain's limits and sizes, without zod: the hall's news and blog import them without the schemas
 *  (content.ts re-exports them with the rest of the domain). */

export const TITLE_MAX = 200;
export const MARKDOWN_MAX = 20_000;
/** How many news items GET v1/news/latest answers. */
export const LATEST_NEWS = 3;
/** SPEC section 9: the blog's page size. */
export const BLOG_PAGE_SIZE = 5;

export const BANNER_RANK_MAX = 1000;
export const BANNER_LINK_MAX = 500;
/** A banner's alternative text, per language (issue 29 point 6). */
export const BANNER_ALT_MAX = 200;
