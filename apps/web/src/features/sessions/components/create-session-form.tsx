import { useState, type FormEvent } from 'react';
import { Button, Group, Radio, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { SESSION_DESCRIPTION_MAX, SESSION_INVITES_MAX, SESSION_NAME_MAX } from '@tutti/contract/sessions';
import type { BodyOf } from '@tutti/contract/http';
import type { Session } from '@tutti/contract/sessions';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-error';
import { errorText, fieldErrorText } from '../../../lib/error-text';
import { useNals } from '../../../lib/nals/nals-store';
import { useCreateOpenRehearsal } from '../api/create-open-rehearsal';
import { currentLanguage } from '../../../lib/i18n';
import { browserTimeZone, formatStart, localDateTimeToIso, toLocalInputs } from '../schedule';
import { SESSIONS_NS } from '../translations';
import { unknownUsernames } from '../unknown-usernames';
import { NalsRequired } from './nals-required';

type Field = 'name' | 'description' | 'startsAt' | 'invite';
type Errors = Partial<Record<Field, string>>;

export interface CreateFormValues {
  name: string;
  description: string;
  isPublic: boolean;
  later: boolean;
  date: string;
  time: string;
  invite: string[];
}

/** Checks done before calling the server; `now` is when the form is sent. */
export function validateCreateForm(
  values: CreateFormValues,
  now: number,
): { errors: Errors; startsAt: string | undefined } {
  const errors: Errors = {};
  if (values.name.trim() === '') errors.name = 'nameRequired';
  let startsAt: string | undefined;
  if (values.later) {
    const iso = localDateTimeToIso(values.date, values.time);
    if (iso === null) errors.startsAt = 'dateRequired';
    else if (new Date(iso).getTime() <= now) errors.startsAt = 'inThePast';
    else startsAt = iso;
  }
  return { errors, startsAt };
}

/** The new-session form; a connected audio client is required to send it (spec section 5). */
/** `onCreated`'s `join`: the session starts now, and its organizer goes in at once ("Create and join"). */
export function CreateSessionForm({ onCreated }: { onCreated: (session: Session, join: boolean) => void }) {
  const { t } = useTranslation(SESSIONS_NS);
  const { t: tCommon } = useTranslation();
  const isConnected = useNals((s) => s.isConnected);
  const create = useCreateOpenRehearsal();
  const inAnHour = toLocalInputs(new Date(Date.now() + 3_600_000));
  const [values, setValues] = useState<CreateFormValues>({
    name: '',
    description: '',
    isPublic: true,
    later: false,
    date: inAnHour.date,
    time: inAnHour.time,
    invite: [],
  });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (patch: Partial<CreateFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const zone = browserTimeZone();
  const scheduled = values.later ? localDateTimeToIso(values.date, values.time) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isConnected || create.isPending) return;
    const local = validateCreateForm(values, Date.now());
    const shown: Errors = {};
    for (const [field, key] of Object.entries(local.errors) as [Field, string][]) {
      shown[field] = t(`create.${key}` as 'create.nameRequired');
    }
    setErrors(shown);
    setFormError(null);
    if (Object.keys(shown).length > 0) return;
    const body: BodyOf<'createOpenRehearsal'> = {
      name: values.name.trim(),
      public: values.isPublic,
      timeZone: zone,
      ...(values.description.trim() ? { description: values.description.trim() } : {}),
      ...(local.startsAt ? { startsAt: local.startsAt } : {}),
      ...(values.invite.length > 0 ? { invite: values.invite } : {}),
    };
    create.mutate(body, {
      onSuccess: (session) => onCreated(session, !values.later),
      onError: (error) => {
        if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) {
          setFormError(errorText(tCommon, error));
          return;
        }
        const next: Errors = {};
        for (const field of ['name', 'description', 'startsAt', 'invite'] as const) {
          const code = error.fields[field];
          if (!code) continue;
          if (field === 'name' && code === 'required') next.name = t('create.nameRequired');
          else if (field === 'invite' && code === 'unknown_username') {
            const names = unknownUsernames(error);
            next.invite =
              names.length > 0
                ? t('create.unknownUsernames', { count: names.length, names: names.join(', ') })
                : fieldErrorText(tCommon, code);
          } else next[field] = fieldErrorText(tCommon, code);
        }
        setErrors(next);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {formError && <FormAlert kind="error">{formError}</FormAlert>}
        <TextInput
          label={t('create.name')}
          placeholder={t('create.namePlaceholder')}
          required
          maxLength={SESSION_NAME_MAX}
          value={values.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name}
        />
        <Textarea
          label={t('create.description')}
          description={t('create.descriptionHint')}
          rows={3}
          maxLength={SESSION_DESCRIPTION_MAX}
          value={values.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
          error={errors.description}
        />
        <Radio.Group
          label={t('create.visibility')}
          value={values.isPublic ? 'public' : 'private'}
          onChange={(v) => set({ isPublic: v === 'public' })}
        >
          <Stack gap="xs" mt={6}>
            <Radio value="public" label={t('create.visibilityPublic')} description={t('create.publicHint')} />
            <Radio value="private" label={t('create.visibilityPrivate')} description={t('create.privateHint')} />
          </Stack>
        </Radio.Group>
        <Radio.Group
          label={t('create.when')}
          value={values.later ? 'later' : 'now'}
          onChange={(v) => set({ later: v === 'later' })}
        >
          <Group gap="lg" mt={6}>
            <Radio value="now" label={t('create.now')} />
            <Radio value="later" label={t('create.later')} />
          </Group>
        </Radio.Group>
        {values.later && (
          <Stack gap={4}>
            <Group gap="sm" align="flex-start" grow>
              <TextInput
                type="date"
                label={t('create.date')}
                value={values.date}
                onChange={(e) => set({ date: e.currentTarget.value })}
                error={errors.startsAt}
              />
              <TextInput
                type="time"
                label={t('create.time')}
                value={values.time}
                onChange={(e) => set({ time: e.currentTarget.value })}
              />
            </Group>
            {/* The native inputs follow the browser's own language; this line says the moment in the reader's. */}
            <Text size="sm" c="dimmed" aria-live="polite">
              {scheduled ? t('create.startsPreview', { date: formatStart(scheduled, currentLanguage()) }) : null}{' '}
              {t('create.timeZone', { zone })}
            </Text>
          </Stack>
        )}
        <TagsInput
          label={t('create.invite')}
          description={t('create.inviteHint')}
          value={values.invite}
          onChange={(invite) => set({ invite })}
          maxTags={SESSION_INVITES_MAX}
          splitChars={[',', ' ']}
          clearable
          error={errors.invite}
        />
        {!isConnected && <NalsRequired message={t('create.nalsRequired')} />}
        <Group>
          <Button type="submit" disabled={!isConnected} loading={create.isPending}>
            {values.later ? t('create.submit') : t('create.submitAndJoin')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
