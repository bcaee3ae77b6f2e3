import { Box, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Article, Banner } from '@tutti/contract/content';
import { SectionCard } from '../../../components/ui/section-card';
import { formatDate } from '../../../lib/format';
import type { Locale } from '@tutti/contract/common';
import { currentLanguage } from '../../../lib/i18n';
import { useActiveBanners, useBlogPosts, useLatestNews } from '../api/content';
import classes from './hall-content.module.css';
import { HALL_NS } from '../../../lib/translations/hall';

/** Wide screens show a banner's large image (from Mantine's `sm` breakpoint, 48em). */
export const WIDE_SCREEN = '(min-width: 48em)';

/** What a banner's picture says to a screen reader, which names its link (issue 29 point 6): the administrator's
 *  alternative text in the reader's language, else in the other one, else `fallback` ("Announcement 2"), never the
 *  link's path. */
export function bannerAlt(banner: Banner, locale: Locale, fallback: string): string {
  const other: Locale = locale === 'en' ? 'fr' : 'en';
  return banner.alt[locale] ?? banner.alt[other] ?? fallback;
}

/** One banner: its large image on wide screens, its small one on phones, linking where the administrator said (an
 *  app path stays in the app; an https address opens in a new tab); the picture's alternative text names the link.
 *  The box keeps the image's ratio before it loads, so nothing below moves. */
export function HallBanner({ banner, n }: { banner: Banner; n: number }) {
  const { t } = useTranslation(HALL_NS);
  const alt = bannerAlt(banner, currentLanguage(), t('content.bannerLabel', { n }));
  const picture = (
    <picture>
      {banner.largeUrl && <source media={WIDE_SCREEN} srcSet={banner.largeUrl} />}
      <img src={banner.smallUrl} alt={alt} loading="lazy" decoding="async" className={classes.image} />
    </picture>
  );
  const className = `${classes.banner} ${banner.largeUrl ? classes.withLarge : ''}`;
  return banner.link.startsWith('/') ? (
    <Link to={banner.link} className={className}>
      {picture}
    </Link>
  ) : (
    <a href={banner.link} target="_blank" rel="noopener noreferrer" className={className}>
      {picture}
    </a>
  );
}

/** An article's body: HTML the server rendered from the administrator's Markdown with raw HTML off, links made safe
 *  and foreign images dropped (docs/decisions/0037); it is the only HTML the hall inserts. */
function ArticleView({ article, headingOrder }: { article: Article; headingOrder: 3 | 4 }) {
  const locale = currentLanguage();
  return (
    <Stack gap={4} component="article">
      <Title order={headingOrder} size="h5">
        {article.title[locale]}
      </Title>
      <Text size="xs" c="dimmed">
        {formatDate(article.publishedAt, locale)}
      </Text>
      <Box className={classes.body} dangerouslySetInnerHTML={{ __html: article.html[locale] }} />
    </Stack>
  );
}

const ArticlesSkeleton = () => (
  <Stack gap="sm" aria-hidden>
    <Skeleton height={18} width="60%" />
    <Skeleton height={12} width="30%" />
    <Skeleton height={48} />
  </Stack>
);

function HallBanners() {
  const { t } = useTranslation(HALL_NS);
  const banners = useActiveBanners();
  const list = banners.data ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-label={t('content.banners')}>
      {list.map((b, i) => (
        <HallBanner key={b.id} banner={b} n={i + 1} />
      ))}
    </Stack>
  );
}

function HallNews() {
  const { t } = useTranslation(HALL_NS);
  const news = useLatestNews();
  return (
    <SectionCard title={t('content.news')} empty={t('content.newsEmpty')}>
      {news.isPending ? (
        <ArticlesSkeleton />
      ) : news.isError ? (
        <Text c="dimmed">{t('content.loadError')}</Text>
      ) : (
        news.data.length > 0 && (
          <Stack gap="lg">
            {news.data.map((n) => (
              <ArticleView key={n.id} article={n} headingOrder={3} />
            ))}
          </Stack>
        )
      )}
    </SectionCard>
  );
}

function HallBlog() {
  const { t } = useTranslation(HALL_NS);
  const blog = useBlogPosts();
  const posts = blog.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <SectionCard title={t('content.blog')} empty={t('content.blogEmpty')}>
      {blog.isPending ? (
        <ArticlesSkeleton />
      ) : blog.isError ? (
        <Text c="dimmed">{t('content.loadError')}</Text>
      ) : (
        posts.length > 0 && (
          <Stack gap="lg">
            {posts.map((p) => (
              <ArticleView key={p.id} article={p} headingOrder={3} />
            ))}
            {blog.hasNextPage && (
              <Group justify="center">
                <Button
                  variant="light"
                  size="sm"
                  loading={blog.isFetchingNextPage}
                  onClick={() => void blog.fetchNextPage()}
                >
                  {t('content.more')}
                </Button>
              </Group>
            )}
          </Stack>
        )
      )}
    </SectionCard>
  );
}

/** The hall's content (issue 14, point 3): the banners by rank, then the latest news and the blog side by side on
 *  wide screens. Loaded after the hall's first paint (the router imports it lazily). */
export function HallContent() {
  return (
    <Stack gap="lg">
      <HallBanners />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <HallNews />
        <HallBlog />
      </SimpleGrid>
    </Stack>
  );
}
