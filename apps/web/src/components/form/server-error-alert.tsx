import type { ReactNode } from 'react';
import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessagesOf } from '../../lib/api-error';

/**
 * Every form's and card's error summary (docs/requirements.md §9): the first message as the summary,
 * the others (a server may refuse a form for several reasons at once) listed below it, announced to
 * screen readers. `error` is a failed call, or the messages a page's server action responded with.
 */
export function ServerErrorAlert({
  error,
  title,
  children,
}: {
  error: unknown;
  title?: string;
  /** What to do next, after the first message: a link to ask for a new one, say. */
  children?: ReactNode;
}) {
  if (!error || (Array.isArray(error) && error.length === 0)) return null;
  const [first, ...rest] = errorMessagesOf(error);
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" title={title}>
      {first}
      {children ? <> {children}</> : null}
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
