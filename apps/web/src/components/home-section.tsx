import type { FormEvent, ReactElement, ReactNode, RefObject } from 'react';
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus, type Icon } from '@tabler/icons-react';
import { LoadError } from './errors/load-error';
import { useFocusedHeading } from './form/form-in-place';

/** What a home's section shows of its query: whether it waits, failed, or has its data. */
export interface HomeSectionQuery<T> {
  data?: T;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A home's section while its query waits or after it failed; null once it has its data. */
export function homeSectionWaiting(query: HomeSectionQuery<unknown>, title: string): ReactElement | null {
  if (query.isPending) return <Skeleton h={72} aria-label={`Loading ${title.toLowerCase()}`} />;
  if (query.data === undefined)
    return (
      <LoadError
        title={`${title} could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  return null;
}

/**
 * A home's section: its heading (its icon and title, and a figure beside them, such as how much is
 * answered), then what it holds. The section is named by its title; with `focusRef` it can take the
 * focus (`useFormInPlace`).
 */
export function HomeSection({
  icon: SectionIcon,
  title,
  order,
  aside,
  focusRef,
  children,
}: {
  icon: Icon;
  title: string;
  order: 3 | 4;
  aside?: ReactNode;
  focusRef?: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  return (
    <Stack
      gap="sm"
      component="section"
      aria-label={title}
      ref={focusRef}
      tabIndex={focusRef ? -1 : undefined}
    >
      <Group justify="space-between" gap="sm" align="center">
        <Group gap={8} wrap="nowrap">
          <SectionIcon size={20} aria-hidden />
          <Title order={order} size="h5">
            {title}
          </Title>
        </Group>
        {aside ? (
          <Text size="sm" c="gray.7">
            {aside}
          </Text>
        ) : null}
      </Group>
      {children}
    </Stack>
  );
}

/** The items a home's section lists (its systems, its care entries), one to a row. */
export function HomeSectionList({ children }: { children: ReactNode }) {
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}

/**
 * The button that adds to a home's section, the first thing to do while the section is empty; once
 * the home holds as many as it may (`limit`), the words that say so in its place.
 */
export function HomeSectionAddButton({
  count,
  limit,
  full,
  onAdd,
  children,
}: {
  count: number;
  limit: number;
  full: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  if (count >= limit)
    return (
      <Text size="sm" c="gray.7">
        {full}
      </Text>
    );
  return (
    <Group>
      <Button
        variant={count === 0 ? 'filled' : 'default'}
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={onAdd}
      >
        {children}
      </Button>
    </Group>
  );
}

/**
 * A form that adds to a home's section or changes what it holds: named by its title, its fields,
 * then its submit button and Cancel, with `aside` (a Remove, say) at the far end of them.
 */
export function HomeSectionForm({
  title,
  order,
  onSubmit,
  submitting,
  submitLabel,
  onCancel,
  aside,
  children,
}: {
  title: string;
  order: 3 | 4 | 5;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
  submitLabel: string;
  onCancel: () => void;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const heading = useFocusedHeading();
  return (
    <form onSubmit={onSubmit} noValidate aria-label={title}>
      <Stack gap="md">
        <Title order={order} size="h5" ref={heading} tabIndex={-1}>
          {title}
        </Title>
        {children}
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
            <Button variant="default" disabled={submitting} onClick={onCancel}>
              Cancel
            </Button>
          </Group>
          {aside}
        </Group>
      </Stack>
    </form>
  );
}
