import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import type { ReactNode } from 'react';
import { RemoveIcon } from './remove-icon';

interface EditableRowsProps<T> {
  rows: readonly T[];
  keyOf: (row: T) => string;
  /** The row's fields. */
  renderFields: (row: T, index: number) => ReactNode;
  /** The remove button's spoken name for a row ("Remove instrument 2"). */
  removeLabel: (index: number) => string;
  onRemove: (index: number) => void;
  /** An error about the whole list (too many, a duplicate), from the form or the server. */
  listError?: ReactNode;
  addLabel: string;
  onAdd: () => void;
  max: number;
  /** Said beside the add button once the list is full. */
  maxText: string;
}

/** A list the musician edits row by row (instruments, links): each row with its remove button, then add. */
export function EditableRows<T>(props: EditableRowsProps<T>) {
  const { rows, max } = props;
  return (
    <Stack gap="sm">
      {rows.map((row, index) => (
        <Paper key={props.keyOf(row)} withBorder radius="md" p="sm">
          <Group align="flex-start" gap="sm" wrap="nowrap">
            {props.renderFields(row, index)}
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={26}
              size="lg"
              aria-label={props.removeLabel(index)}
              onClick={() => props.onRemove(index)}
            >
              <RemoveIcon />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      {props.listError && (
        <Text c="red.8" size="sm" role="alert">
          {props.listError}
        </Text>
      )}
      <Group gap="sm">
        <Button variant="light" onClick={props.onAdd} disabled={rows.length >= max}>
          {props.addLabel}
        </Button>
        {rows.length >= max && (
          <Text size="sm" c="dimmed">
            {props.maxText}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
