import { Button, FileInput, Group, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BANNER_ALT_MAX,
  BANNER_LINK_MAX,
  BANNER_RANK_MAX,
  isSafeBannerLink,
  type Banner,
} from '@tutti/contract/content';
import { LOCALES, type Locale } from '@tutti/contract/common';
import type { FieldErrorCode } from '@tutti/contract/errors';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-error';
import { errorText, fieldErrorText } from '../../../lib/error-text';
import { useCreateBanner, useUpdateBanner } from '../api/content';
import { ADMIN_NS } from '../translations';

const ACCEPT = 'image/jpeg,image/png,image/webp';
type Field = 'small' | 'large' | 'rank' | 'link' | 'alt.en' | 'alt.fr';
const FIELDS: readonly string[] = ['rank', 'link', 'alt.en', 'alt.fr'] satisfies Field[];
const isField = (f: string): f is Field => FIELDS.includes(f);
const ALT_LABEL = { en: 'content.banners.altEn', fr: 'content.banners.altFr' } as const;

/** A server field error by form field: `banner.link` is the link (`link` on an update), `banner.alt.en` the English
 *  alternative text, a refused image is the image field. */
function fieldsOf(error: unknown): Partial<Record<Field, FieldErrorCode>> {
  if (!(error instanceof ApiError)) return {};
  const out: Partial<Record<Field, FieldErrorCode>> = {};
  for (const [path, code] of Object.entries(error.fields)) {
    const field = path.replace(/^banner\./, '');
    if (isField(field) && code) out[field] = code;
  }
  if (error.code === 'INVALID_IMAGE' || error.code === 'IMAGE_TOO_LARGE' || error.code === 'PAYLOAD_TOO_LARGE') {
    out.small = 'invalid';
  }
  return out;
}

interface BannerFormProps {
  /** The banner to edit (rank, link and alternative text); a new one, with its images, without. */
  banner?: Banner;
  onSaved: (banner: Banner) => void;
  onCancel: () => void;
}

/** A banner: its small image (phones), its optional large one (wide screens), its rank, where it links (a path of
 *  the app, `/studio/sessions`, or an https address) and what its picture says, in English and French, for screen
 *  readers (issue 29 point 6). */
export function BannerForm({ banner, onSaved, onCancel }: BannerFormProps) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const create = useCreateBanner();
  const update = useUpdateBanner();
  const save = banner ? update : create;
  const [small, setSmall] = useState<File | null>(null);
  const [large, setLarge] = useState<File | null>(null);
  const [rank, setRank] = useState<number | string>(banner?.rank ?? 1);
  const [link, setLink] = useState(banner?.link ?? '');
  const [alt, setAlt] = useState<Record<Locale, string>>({ en: banner?.alt.en ?? '', fr: banner?.alt.fr ?? '' });
  const [errors, setErrors] = useState<Partial<Record<Field, FieldErrorCode>>>({});
  const err = (f: Field) => {
    const code = errors[f];
    if (!code) return undefined;
    return f === 'link' && code === 'invalid_url' ? t('content.banners.linkInvalid') : fieldErrorText(tc, code);
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const local: Partial<Record<Field, FieldErrorCode>> = {};
    if (!banner && !small) local.small = 'required';
    if (typeof rank !== 'number' || !Number.isInteger(rank) || rank < 0) local.rank = 'invalid';
    if (link.trim() === '') local.link = 'required';
    else if (!isSafeBannerLink(link.trim())) local.link = 'invalid_url';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const body = { rank: Number(rank), link: link.trim(), alt: { en: alt.en.trim(), fr: alt.fr.trim() } };
    const onError = (error: unknown) => setErrors(fieldsOf(error));
    if (banner) update.mutate({ id: banner.id, body }, { onSuccess: onSaved, onError });
    else if (small) create.mutate({ small, large, banner: body }, { onSuccess: onSaved, onError });
  };
  const general = save.error && Object.keys(fieldsOf(save.error)).length === 0 ? save.error : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {general && <FormAlert kind="error">{errorText(tc, general)}</FormAlert>}
        {!banner && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <FileInput
              label={t('content.banners.small')}
              description={t('content.banners.smallHint')}
              placeholder={t('content.banners.choose')}
              accept={ACCEPT}
              required
              clearable
              clearButtonProps={{ 'aria-label': t('content.banners.clearImage') }}
              value={small}
              onChange={setSmall}
              error={err('small')}
            />
            <FileInput
              label={t('content.banners.large')}
              description={t('content.banners.largeHint')}
              placeholder={t('content.banners.choose')}
              accept={ACCEPT}
              clearable
              clearButtonProps={{ 'aria-label': t('content.banners.clearImage') }}
              value={large}
              onChange={setLarge}
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label={t('content.banners.rank')}
            description={t('content.banners.rankHint')}
            required
            min={0}
            max={BANNER_RANK_MAX}
            allowDecimal={false}
            value={rank}
            onChange={setRank}
            error={err('rank')}
          />
          <TextInput
            label={t('content.banners.link')}
            description={t('content.banners.linkHint')}
            required
            maxLength={BANNER_LINK_MAX}
            value={link}
            onChange={(e) => setLink(e.currentTarget.value)}
            error={err('link')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {LOCALES.map((locale) => (
            <TextInput
              key={locale}
              label={t(ALT_LABEL[locale])}
              description={t('content.banners.altHint')}
              maxLength={BANNER_ALT_MAX}
              value={alt[locale]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setAlt((a) => ({ ...a, [locale]: value }));
              }}
              error={err(`alt.${locale}`)}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {banner ? t('content.form.save') : t('content.banners.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
