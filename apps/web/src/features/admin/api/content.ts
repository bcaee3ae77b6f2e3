import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArticleBody, BannerBody } from '@tutti/contract/content';
import { api } from '../../../lib/api';

export const ARTICLES_PAGE_SIZE = 20;

/** News and blog posts have the same calls under their own names. */
export type ArticleKind = 'news' | 'blog';
const CALLS = {
  news: { list: 'listNews', create: 'createNews', update: 'updateNews', publish: 'publishNews', remove: 'deleteNews' },
  blog: {
    list: 'listBlogPosts',
    create: 'createBlogPost',
    update: 'updateBlogPost',
    publish: 'publishBlogPost',
    remove: 'deleteBlogPost',
  },
} as const;

export const contentAdminKeys = {
  articles: (kind: ArticleKind) => ['admin', 'content', kind] as const,
  page: (kind: ArticleKind, page: number) => ['admin', 'content', kind, page] as const,
  banners: ['admin', 'content', 'banners'] as const,
};

export function useArticles(kind: ArticleKind, page: number) {
  return useQuery({
    queryKey: contentAdminKeys.page(kind, page),
    queryFn: () => api.call(CALLS[kind].list, { query: { p: page, size: ARTICLES_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** Every write refreshes the kind's list (and the audit log, which the administration reads from the server). */
function useArticleWrite<V, R>(kind: ArticleKind, write: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentAdminKeys.articles(kind) }),
  });
}

export const useSaveArticle = (kind: ArticleKind) =>
  useArticleWrite(kind, ({ id, body }: { id?: string; body: ArticleBody }) =>
    id ? api.call(CALLS[kind].update, { params: { id }, body }) : api.call(CALLS[kind].create, { body }),
  );

export const usePublishArticle = (kind: ArticleKind) =>
  useArticleWrite(kind, ({ id, state }: { id: string; state: boolean }) =>
    api.call(CALLS[kind].publish, { params: { id }, query: { state: state ? 'true' : 'false' } }),
  );

export const useDeleteArticle = (kind: ArticleKind) =>
  useArticleWrite(kind, (id: string) => api.call(CALLS[kind].remove, { params: { id } }));

export const useBanners = () =>
  useQuery({ queryKey: contentAdminKeys.banners, queryFn: () => api.call('listBanners') });

function useBannerWrite<V, R>(write: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentAdminKeys.banners }),
  });
}

/** POST v1/banners: multipart with `small`, optionally `large`, and `banner` ({rank, link} as JSON). */
export const useCreateBanner = () =>
  useBannerWrite(({ small, large, banner }: { small: File; large: File | null; banner: BannerBody }) => {
    const form = new FormData();
    form.append('small', small, small.name);
    if (large) form.append('large', large, large.name);
    form.append('banner', JSON.stringify(banner));
    return api.call('createBanner', { form });
  });

export const useUpdateBanner = () =>
  useBannerWrite(({ id, body }: { id: string; body: BannerBody }) =>
    api.call('updateBanner', { params: { id }, body }),
  );

export const useDeleteBanner = () => useBannerWrite((id: string) => api.call('deleteBanner', { params: { id } }));
