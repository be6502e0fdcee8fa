import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError, errorMessageOf } from '../../lib/api-error';

/**
 * A failed call as docs/requirements.md §9 shows it: the first message as the summary, the others (a
 * server may refuse a form for several reasons at once) listed below it.
 */
export function ServerErrorAlert({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  const all = error instanceof ApiError ? error.messages : [errorMessageOf(error)];
  const [first, ...rest] = all;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" title={title}>
      {first}
      {rest.length > 0 ? (
        <List size="sm" mt={4}>
          {rest.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}
