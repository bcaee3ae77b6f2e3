import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack, Textarea, TextInput } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import type { Session } from '@tutti/contract/sessions';
import { SESSION_DESCRIPTION_MAX, SESSION_NAME_MAX, TEST_REHEARSAL_PASSWORD_MAX } from '@tutti/contract/sessions';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-error';
import { errorText, fieldErrorText } from '../../../lib/error-text';
import { useCreateTestRehearsal } from '../api/test-rehearsals';
import { ADMIN_NS } from '../translations';

const FIELDS = ['name', 'description', 'password'] as const;
type Field = (typeof FIELDS)[number];
const isField = (field: string): field is Field => (FIELDS as readonly string[]).includes(field);

/** A test rehearsal to open: its name, what to try in it, and the password testers type to join. */
export function TestRehearsalForm({ onCreated, onCancel }: { onCreated: (s: Session) => void; onCancel: () => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const create = useCreateTestRehearsal();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', description: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = (['name', 'password'] as const).filter((f) => values[f].trim() === '');
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((f) => [f, fieldErrorText(tc, 'required')])));
      return;
    }
    const description = values.description.trim();
    create.mutate(
      { name: values.name.trim(), password: values.password, ...(description && { description }) },
      {
        onSuccess: onCreated,
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const fields = Object.entries(error.fields).filter(([f]) => isField(f));
          setErrors(Object.fromEntries(fields.map(([f, c]) => [f, fieldErrorText(tc, c ?? 'invalid')])));
        },
      },
    );
  };

  const onField = create.error instanceof ApiError && Object.keys(create.error.fields).some(isField);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {create.error && !onField && <FormAlert kind="error">{errorText(tc, create.error)}</FormAlert>}
        <TextInput
          label={t('testRehearsals.name')}
          value={values.name}
          error={errors.name}
          maxLength={SESSION_NAME_MAX}
          required
          withAsterisk={false}
          onChange={(e) => set('name', e.currentTarget.value)}
        />
        <Textarea
          label={t('testRehearsals.description')}
          description={t('testRehearsals.descriptionHelp')}
          value={values.description}
          error={errors.description}
          maxLength={SESSION_DESCRIPTION_MAX}
          autosize
          minRows={2}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <PasswordInput
          label={t('testRehearsals.password')}
          description={t('testRehearsals.passwordHelp')}
          value={values.password}
          error={errors.password}
          maxLength={TEST_REHEARSAL_PASSWORD_MAX}
          autoComplete="new-password"
          required
          withAsterisk={false}
          onChange={(e) => set('password', e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('testRehearsals.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
