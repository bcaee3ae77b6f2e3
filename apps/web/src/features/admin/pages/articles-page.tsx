import { Badge, Button, Group, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AdminArticle } from '@tutti/contract/content';
import { AdminPageHeader } from '../../../components/ui/admin-page-header';
import { LoadError } from '../../../components/ui/load-error';
import { closeModal, openAppModal, openConfirmModal } from '../../../components/ui/modal-host';
import { Pager } from '../../../components/ui/pager';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { ARTICLES_PAGE_SIZE, useArticles, useDeleteArticle, usePublishArticle, type ArticleKind } from '../api/content';
import { ArticleForm } from '../content/article-form';
import { PageNotice, useNotice } from '../../../components/ui/page-notice';
import { ADMIN_NS } from '../translations';

const pageOf = (params: URLSearchParams): number => {
  const page = Number(params.get('p'));
  return Number.isInteger(page) && page > 1 ? page : 1;
};

/** /admin/news and /admin/blog-posts (issue 14): every item, drafts included, written and edited in a dialog in
 *  English and French, published, taken back or deleted (after a confirmation). */
function ArticlesPage({ kind }: { kind: ArticleKind }) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const list = useArticles(kind, page);
  const publish = usePublishArticle(kind);
  const remove = useDeleteArticle(kind);
  const notice = useNotice();
  const [busyId, setBusyId] = useState<string | null>(null);
  const locale = currentLanguage();
  const k = kind === 'news' ? 'content.news' : 'content.blog';

  const openForm = (article?: AdminArticle) => {
    const id = openAppModal({
      title: article ? t(`${k}.editTitle`) : t(`${k}.createTitle`),
      size: 'large',
      children: (
        <ArticleForm
          kind={kind}
          article={article}
          onCancel={() => closeModal(id)}
          onSaved={(saved) => {
            closeModal(id);
            const title = saved.title[currentLanguage()];
            notice.success(t(article ? 'content.saved' : 'content.created', { title }));
          }}
        />
      ),
    });
  };

  const onPublish = (article: AdminArticle, state: boolean) => {
    const title = article.title[locale];
    setBusyId(article.id);
    publish.mutate(
      { id: article.id, state },
      {
        onSuccess: () => notice.success(t(state ? 'content.publishedNotice' : 'content.unpublishedNotice', { title })),
        onError: (error) => notice.error(errorText(tc, error)),
        onSettled: () => setBusyId(null),
      },
    );
  };

  const onDelete = (article: AdminArticle) => {
    const title = article.title[locale];
    openConfirmModal({
      title: t('content.deleteTitle', { title }),
      children: t('content.deleteBody'),
      confirmLabel: t('content.deleteConfirm'),
      danger: true,
      onConfirm: () => {
        setBusyId(article.id);
        remove.mutate(article.id, {
          onSuccess: () => notice.success(t('content.deleted', { title })),
          onError: (error) => notice.error(errorText(tc, error)),
          onSettled: () => setBusyId(null),
        });
      },
    });
  };

  let body;
  if (list.isError && !list.data) {
    body = <LoadError text={t('content.loadError')} onRetry={() => void list.refetch()} />;
  } else if (!list.data) {
    body = <Loader size="sm" aria-label={tc('loading')} />;
  } else if (list.data.total === 0) {
    body = <Text c="dimmed">{t(`${k}.empty`)}</Text>;
  } else {
    body = (
      <Stack gap="md">
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" aria-label={t(`${k}.title`)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('content.columns.title')}</Table.Th>
                <Table.Th>{t('content.columns.state')}</Table.Th>
                <Table.Th>{t('content.columns.updated')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('content.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {a.title[locale]}
                    </Text>
                    <Text size="xs" c="dimmed" lang={locale === 'en' ? 'fr' : 'en'}>
                      {a.title[locale === 'en' ? 'fr' : 'en']}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {a.publishedAt ? (
                      <Badge color="teal.9" variant="filled" radius="sm" tt="none" miw="max-content">
                        {t('content.published')}
                      </Badge>
                    ) : (
                      <Badge color="gray.7" variant="filled" radius="sm" tt="none" miw="max-content">
                        {t('content.draft')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDateTime(a.updatedAt, locale)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="compact-sm" variant="default" onClick={() => openForm(a)}>
                        {t('content.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant={a.publishedAt ? 'default' : 'filled'}
                        loading={busyId === a.id && publish.isPending}
                        onClick={() => onPublish(a, !a.publishedAt)}
                      >
                        {a.publishedAt ? t('content.unpublish') : t('content.publish')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="outline"
                        color="red.9"
                        loading={busyId === a.id && remove.isPending}
                        onClick={() => onDelete(a)}
                      >
                        {t('content.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Pager
          showTotal
          page={page}
          total={list.data.total}
          size={ARTICLES_PAGE_SIZE}
          onChange={(p) => {
            const next = new URLSearchParams(params);
            if (p > 1) next.set('p', String(p));
            else next.delete('p');
            setParams(next);
          }}
          label={t('content.pages')}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title={t(`${k}.title`)}
        intro={t(`${k}.intro`)}
        action={<Button onClick={() => openForm()}>{t(`${k}.create`)}</Button>}
      />
      <PageNotice notice={notice.notice} onClose={notice.clear} />
      {body}
    </Stack>
  );
}

export const NewsAdminPage = () => <ArticlesPage kind="news" />;
export const BlogPostsAdminPage = () => <ArticlesPage kind="blog" />;
