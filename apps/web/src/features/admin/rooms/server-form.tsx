import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, NumberInput, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import type { Provider, Region, Server } from '@tutti/contract/servers';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-error';
import { errorText, fieldErrorText } from '../../../lib/error-text';
import { useCreateServer } from '../api/rooms';
import { ADMIN_NS } from '../translations';

const FIELDS = ['name', 'regionId', 'provider', 'url', 'secret', 'capacity'] as const;
type Field = (typeof FIELDS)[number];

/** A room server to register: paused until started, its secret the room server's ROOM_SECRET (never shown again). */
export function ServerForm({
  regions,
  providers,
  onCreated,
  onCancel,
}: {
  regions: readonly Region[];
  providers: readonly Provider[];
  onCreated: (server: Server) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const create = useCreateServer();
  const [values, setValues] = useState<Record<Field, string | number>>({
    name: '',
    regionId: regions[0]?.id ?? '',
    provider: providers[0]?.id ?? 'self-hosted',
    url: '',
    secret: '',
    capacity: 32,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const input = (field: Field) => ({
    value: values[field],
    error: errors[field],
    required: true,
    // As the theme's TextInput: `required` semantics, no asterisk in the label.
    withAsterisk: false,
  });
  const set = (field: Field, value: string | number) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = FIELDS.filter((f) => String(values[f]).trim() === '');
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((f) => [f, fieldErrorText(tc, 'required')])));
      return;
    }
    create.mutate(
      {
        name: String(values.name).trim(),
        regionId: String(values.regionId),
        provider: values.provider as Provider['id'],
        url: String(values.url).trim(),
        secret: String(values.secret),
        capacity: Number(values.capacity),
      },
      {
        onSuccess: onCreated,
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.code === 'CONFLICT') return setErrors({ url: t('rooms.urlTaken') });
          const fields = Object.entries(error.fields).filter(([f]) => (FIELDS as readonly string[]).includes(f));
          setErrors(Object.fromEntries(fields.map(([f, code]) => [f, fieldErrorText(tc, code ?? 'invalid')])));
        },
      },
    );
  };

  const onField =
    create.error instanceof ApiError &&
    (create.error.code === 'CONFLICT' ||
      Object.keys(create.error.fields).some((f) => (FIELDS as readonly string[]).includes(f)));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {create.error && !onField && <FormAlert kind="error">{errorText(tc, create.error)}</FormAlert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('rooms.name')} {...input('name')} onChange={(e) => set('name', e.currentTarget.value)} />
          <NativeSelect
            label={t('rooms.region')}
            data={regions.map((r) => ({ value: r.id, label: `${r.name} (${r.code})` }))}
            {...input('regionId')}
            onChange={(e) => set('regionId', e.currentTarget.value)}
          />
          <NativeSelect
            label={t('rooms.provider')}
            data={providers.map((p) => ({ value: p.id, label: p.name }))}
            {...input('provider')}
            onChange={(e) => set('provider', e.currentTarget.value)}
          />
          <NumberInput
            label={t('rooms.capacity')}
            description={t('rooms.capacityHelp')}
            min={1}
            max={10_000}
            allowDecimal={false}
            {...input('capacity')}
            onChange={(v) => set('capacity', v)}
          />
        </SimpleGrid>
        <TextInput
          label={t('rooms.url')}
          description={t('rooms.urlHelp')}
          placeholder="https://rooms-1.example.org:7401"
          {...input('url')}
          onChange={(e) => set('url', e.currentTarget.value)}
        />
        <PasswordInput
          label={t('rooms.secret')}
          description={t('rooms.secretHelp')}
          autoComplete="off"
          {...input('secret')}
          onChange={(e) => set('secret', e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('rooms.register')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
