import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { BLOG_PAGE_SIZE } from '@tutti/contract/content-limits';
import { api } from '../../../lib/api';

/** Published content changes rarely: a visit to the hall reads it once, then every few minutes at most. */
const STALE_MS = 5 * 60_000;

export const hallContentKeys = {
  news: ['hall', 'news'] as const,
  banners: ['hall', 'banners'] as const,
  blog: ['hall', 'blog'] as const,
};

export const useLatestNews = () =>
  useQuery({ queryKey: hallContentKeys.news, queryFn: () => api.call('latestNews'), staleTime: STALE_MS });

export const useActiveBanners = () =>
  useQuery({ queryKey: hallContentKeys.banners, queryFn: () => api.call('listActiveBanners'), staleTime: STALE_MS });

/** The blog, BLOG_PAGE_SIZE posts at a time (SPEC section 9), "more" loading the next page. */
export const useBlogPosts = () =>
  useInfiniteQuery({
    queryKey: hallContentKeys.blog,
    queryFn: ({ pageParam }) => api.call('listPublicBlogPosts', { query: { p: pageParam, size: BLOG_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    staleTime: STALE_MS,
  });
