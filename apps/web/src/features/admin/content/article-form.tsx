import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MARKDOWN_MAX, TITLE_MAX, type AdminArticle, type ArticleBody } from '@tutti/contract/content';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-error';
import { errorText, fieldErrorText } from '../../../lib/error-text';
import { useSaveArticle, type ArticleKind } from '../api/content';
import { ADMIN_NS } from '../translations';

type Field = 'titleEn' | 'titleFr' | 'bodyEn' | 'bodyFr';
type Values = Record<Field, string>;
/** The body path the server names in a field error, by form field. */
const PATHS: Record<string, Field> = {
  'title.en': 'titleEn',
  'title.fr': 'titleFr',
  'body.en': 'bodyEn',
  'body.fr': 'bodyFr',
};

const bodyOf = (v: Values): ArticleBody => ({
  title: { en: v.titleEn.trim(), fr: v.titleFr.trim() },
  body: { en: v.bodyEn.trim(), fr: v.bodyFr.trim() },
});

interface ArticleFormProps {
  kind: ArticleKind;
  /** The item to edit; a new one (a draft) without. */
  article?: AdminArticle;
  onSaved: (article: AdminArticle) => void;
  onCancel: () => void;
}

/** A news item's or blog post's title and Markdown body in English and French; the server's verdict on a field
 *  shows on that field. */
export function ArticleForm({ kind, article, onSaved, onCancel }: ArticleFormProps) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const save = useSaveArticle(kind);
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: {
      titleEn: article?.title.en ?? '',
      titleFr: article?.title.fr ?? '',
      bodyEn: article?.body.en ?? '',
      bodyFr: article?.body.fr ?? '',
    },
    validate: (v) =>
      Object.fromEntries(
        (Object.keys(v) as Field[]).filter((f) => v[f].trim() === '').map((f) => [f, fieldErrorText(tc, 'required')]),
      ),
  });

  const submit = form.onSubmit((values) => {
    save.reset();
    save.mutate(
      { id: article?.id, body: bodyOf(values) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const errors: Partial<Values> = {};
          for (const [path, code] of Object.entries(error.fields)) {
            const field = PATHS[path];
            if (field && code) errors[field] = fieldErrorText(tc, code);
          }
          form.setErrors(errors);
        },
      },
    );
  });
  const general =
    save.error && !(save.error instanceof ApiError && Object.keys(save.error.fields).length > 0) ? save.error : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {general && <FormAlert kind="error">{errorText(tc, general)}</FormAlert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('content.form.titleEn')}
            required
            maxLength={TITLE_MAX}
            data-autofocus
            key={form.key('titleEn')}
            {...form.getInputProps('titleEn')}
          />
          <TextInput
            label={t('content.form.titleFr')}
            required
            lang="fr"
            maxLength={TITLE_MAX}
            key={form.key('titleFr')}
            {...form.getInputProps('titleFr')}
          />
          <Textarea
            label={t('content.form.bodyEn')}
            description={t('content.form.markdownHint')}
            required
            autosize
            minRows={6}
            maxRows={16}
            maxLength={MARKDOWN_MAX}
            key={form.key('bodyEn')}
            {...form.getInputProps('bodyEn')}
          />
          <Textarea
            label={t('content.form.bodyFr')}
            description={t('content.form.markdownHint')}
            required
            lang="fr"
            autosize
            minRows={6}
            maxRows={16}
            maxLength={MARKDOWN_MAX}
            key={form.key('bodyFr')}
            {...form.getInputProps('bodyFr')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {article ? t('content.form.save') : t('content.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
