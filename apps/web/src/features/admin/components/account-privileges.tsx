import { useEffect, useState } from 'react';
import { Button, Checkbox, Loader, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import type { AdminAccount } from '@tutti/contract/account-admin';
import { PrivilegeNameSchema, type PrivilegeName } from '@tutti/contract/accounts';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import { errorText } from '../../../lib/error-text';
import { usePrivileges, useSetPrivileges } from '../api/accounts';
import { ADMIN_NS } from '../translations';

const GRANTABLE: readonly string[] = PrivilegeNameSchema.options;
const isGrantable = (name: string): name is PrivilegeName => GRANTABLE.includes(name);

/** The roles the server lists (GET v1/privileges), each with its label in the reader's language, or the server's own
 *  description for a role the web has no text for (it is shown, but only the contract's roles can be granted). */
function PrivilegeChoices({
  account,
  chosen,
  disabled,
  onToggle,
}: {
  account: AdminAccount;
  chosen: readonly string[];
  disabled: boolean;
  onToggle: (name: string, on: boolean) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const privileges = usePrivileges();
  if (privileges.isError && !privileges.data) {
    return <LoadError text={t('account.privilegesLoadError')} onRetry={() => void privileges.refetch()} />;
  }
  if (!privileges.data) return <Loader size="sm" aria-label={tc('loading')} />;
  return (
    <Stack gap="xs">
      {privileges.data.map(({ name, description }) => {
        const listed = account.listedPrivileges.includes(name);
        const fixed = name === 'CORE_GUEST' || !isGrantable(name) || (listed && account.privileges.includes(name));
        return (
          <Checkbox
            key={name}
            label={`${isGrantable(name) ? t(`account.privilege.${name}`) : description} (${name})`}
            description={listed ? t('account.fromList') : undefined}
            checked={name === 'CORE_GUEST' || chosen.includes(name)}
            disabled={fixed || disabled}
            onChange={(event) => onToggle(name, event.currentTarget.checked)}
          />
        );
      })}
    </Stack>
  );
}

/** The privileges to grant or remove: CORE_GUEST is every account's, the address lists' own cannot be unticked. */
export function AccountPrivileges({ account }: { account: AdminAccount }) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const save = useSetPrivileges(account.id);
  const [chosen, setChosen] = useState<string[]>(account.privileges);
  useEffect(() => setChosen(account.privileges), [account.privileges]);
  const changed = [...chosen].sort().join() !== [...account.privileges].sort().join();

  return (
    <SectionCard title={t('account.privileges')}>
      <Text size="sm" c="dimmed">
        {t('account.privilegesHelp')}
      </Text>
      <PrivilegeChoices
        account={account}
        chosen={chosen}
        disabled={save.isPending}
        onToggle={(name, on) => {
          setChosen((c) => (on ? [...c, name] : c.filter((x) => x !== name)));
          save.reset();
        }}
      />
      {save.isError && <FormAlert kind="error">{errorText(tc, save.error)}</FormAlert>}
      {save.isSuccess && !changed && <FormAlert kind="success">{t('account.privilegesSaved')}</FormAlert>}
      <div>
        <Button onClick={() => save.mutate(chosen.filter(isGrantable))} disabled={!changed} loading={save.isPending}>
          {t('account.savePrivileges')}
        </Button>
      </div>
    </SectionCard>
  );
}
