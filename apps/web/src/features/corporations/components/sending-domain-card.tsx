import '@mantine/core/styles/Code.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconMailCheck, IconRefresh, IconWorldWww } from '@tabler/icons-react';
import {
  sendingDomainRequestSchema,
  sendingDomainWords as words,
  type DnsRecord,
  type SendingDomain,
} from '@homeminder/shared/contracts/sending-domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { bindFields } from '../../../components/form/field';
import { ServerErrorAlert } from '../../../components/form/server-error-alert';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { useRulesForm } from '../../../components/form/use-rules-form';
import { SectionCard } from '../../../components/section-card';
import { ApiError, errorMessagesOf } from '../../../lib/api-error';
import {
  useCheckSendingDomain,
  useRemoveSendingDomain,
  useSendingDomain,
  useSetSendingDomain,
} from '../sending-domain-api';

/** What the last change or check found, shown where the person acted (`after`). */
interface Feedback {
  message: string;
  color: string;
  after: 'set' | 'check' | 'remove';
}

/**
 * "Send from your own domain" on Manage Account (docs/decisions/105): the corporation's own
 * sending domain, the DNS records to publish for it and a check of them. Only the corporation's
 * administrators may read or change it, so for anyone else the card is not there.
 */
export function SendingDomainCard({ tenantId, canManage }: { tenantId: string; canManage: boolean }) {
  if (!canManage) return null;
  return <SendingDomainPanel tenantId={tenantId} />;
}

function SendingDomainPanel({ tenantId }: { tenantId: string }) {
  const current = useSendingDomain(tenantId);
  const remove = useRemoveSendingDomain(tenantId);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  // The domain is kept while the dialog closes, after the removal has emptied the card.
  const [stopping, setStopping] = useState({ open: false, domain: '' });

  async function stop() {
    const removed = await remove.mutateAsync();
    setStopping((shown) => ({ ...shown, open: false }));
    setFeedback({ message: removed.message ?? words.removed, color: 'teal', after: 'remove' });
  }

  return (
    <Box component="section" aria-label={words.title}>
      <SectionCard title={words.title}>
        <Text size="sm" c="gray.7">
          {words.description}
        </Text>
        {current.isError ? (
          <ServerErrorAlert error={current.error} title="Your sending domain could not be loaded" />
        ) : !current.isSuccess ? (
          <Skeleton height={96} />
        ) : current.data.status === 'none' ? (
          <DomainForm tenantId={tenantId} feedback={feedback} onDone={setFeedback} />
        ) : (
          <DomainInUse
            tenantId={tenantId}
            domain={current.data}
            feedback={feedback}
            onDone={setFeedback}
            onStop={() => setStopping({ open: true, domain: current.data.domain ?? '' })}
          />
        )}
      </SectionCard>
      <ConfirmDialog
        opened={stopping.open}
        title="Stop using your domain?"
        confirmLabel="Stop using this domain"
        danger
        mutation={remove}
        onConfirm={() => void stop().catch(() => undefined)}
        onCancel={() => setStopping((shown) => ({ ...shown, open: false }))}
      >
        Your reminders go out from our domain again, and the key made for{' '}
        <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
          {stopping.domain}
        </Text>{' '}
        is deleted. To send from it again, you set it up anew and publish its new DKIM record.
      </ConfirmDialog>
    </Box>
  );
}

/** The last change's or check's message, announced; focused when it replaced what had the focus. */
function FeedbackAlert({ feedback, focus = false }: { feedback: Feedback; focus?: boolean }) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) alert.current?.focus();
  }, [focus, feedback]);
  return (
    <Alert ref={alert} tabIndex={-1} color={feedback.color} role="status">
      {feedback.message}
    </Alert>
  );
}

/** No domain yet: the form to name one. The server's refusal of it shows under the field. */
function DomainForm({
  tenantId,
  feedback,
  onDone,
}: {
  tenantId: string;
  feedback: Feedback | null;
  onDone: (feedback: Feedback) => void;
}) {
  const set = useSetSendingDomain(tenantId);
  const form = useRulesForm(sendingDomainRequestSchema, { domain: '' });
  const field = bindFields(form);
  const { failure, onSubmit } = useFormSubmit(form, async (values) => {
    try {
      const saved = await set.mutateAsync(values);
      onDone({ message: saved.message ?? words.set(values.domain), color: 'blue', after: 'set' });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      form.setError('domain', { type: 'server', message: errorMessagesOf(error).join(' ') });
    }
  });
  // Back from stopping a domain (whose button is gone), the person goes on from the field.
  const removed = feedback?.after === 'remove';
  useEffect(() => {
    if (removed) form.setFocus('domain');
  }, [removed, form]);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={words.domainLabel}>
      <Stack gap="sm">
        {removed ? (
          <FeedbackAlert feedback={feedback} />
        ) : (
          <Text size="sm">{words.notSetUp} Your reminders come from our domain.</Text>
        )}
        <TextInput
          label={words.domainLabel}
          description="A domain of your company's, such as mail.yourbrokerage.com"
          required
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maw={480}
          {...field('domain')}
        />
        <ServerErrorAlert error={failure} title="The domain was not set" />
        <Group>
          <Button
            type="submit"
            loading={form.formState.isSubmitting}
            leftSection={<IconWorldWww size={18} aria-hidden />}
          >
            Use this domain
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A domain set up: its state, the records to publish, their check and the way back. */
function DomainInUse({
  tenantId,
  domain,
  feedback,
  onDone,
  onStop,
}: {
  tenantId: string;
  domain: SendingDomain;
  feedback: Feedback | null;
  onDone: (feedback: Feedback | null) => void;
  onStop: () => void;
}) {
  const check = useCheckSendingDomain(tenantId);
  const checkButton = useRef<HTMLButtonElement>(null);
  // The button is disabled while it asks, which takes the focus from it: it gets it back after.
  const checking = useRef(false);
  useEffect(() => {
    const asked = checking.current && !check.isPending;
    checking.current = check.isPending;
    if (asked && (!document.activeElement || document.activeElement === document.body))
      checkButton.current?.focus();
  }, [check.isPending]);
  const verified = domain.status === 'verified';

  async function runCheck() {
    // The same answer twice is said again, not left standing as if nothing happened.
    onDone(null);
    const checked = await check.mutateAsync();
    const found = checked.status === 'verified';
    onDone({
      message: checked.message ?? (found ? words.found : words.notFound),
      color: found ? 'green' : 'yellow',
      after: 'check',
    });
  }

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Group gap="xs" align="center">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {domain.domain}
          </Text>
          <Badge variant="light" color={verified ? 'green' : 'yellow'} style={{ maxWidth: '100%' }}>
            {verified ? words.verified : words.waiting}
          </Badge>
        </Group>
        <Text size="sm">
          {verified ? 'Your mail goes out from ' : 'Once the DKIM record is found, your mail goes out from '}
          <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
            {domain.fromAddress}
          </Text>
          .
        </Text>
      </Stack>
      {feedback?.after === 'set' ? <FeedbackAlert feedback={feedback} focus /> : null}
      <DnsRecords records={domain.records} />
      {feedback?.after === 'check' ? <FeedbackAlert feedback={feedback} /> : null}
      {check.isError ? (
        <ServerErrorAlert error={check.error} title="The records could not be checked" />
      ) : null}
      <Group gap="sm">
        <Button
          ref={checkButton}
          onClick={() => void runCheck().catch(() => undefined)}
          loading={check.isPending}
          leftSection={
            verified ? <IconMailCheck size={18} aria-hidden /> : <IconRefresh size={18} aria-hidden />
          }
        >
          Check the records
        </Button>
        <Button variant="default" onClick={onStop}>
          Stop using this domain
        </Button>
      </Group>
    </Stack>
  );
}

/** The records to publish at the domain's DNS host, each name and value whole and copyable. */
function DnsRecords({ records }: { records: readonly DnsRecord[] }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Records to add at your DNS host
      </Title>
      <Box
        component="ul"
        aria-label="DNS records"
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gap: 'var(--mantine-spacing-sm)',
        }}
      >
        {records.map((record) => (
          <Paper
            component="li"
            key={record.purpose}
            withBorder
            p="sm"
            aria-label={`${record.purpose} record`}
          >
            <Box
              component="dl"
              m={0}
              style={{ display: 'flex', flexWrap: 'wrap', columnGap: 'var(--mantine-spacing-xl)', rowGap: 8 }}
            >
              <RecordPart label="Purpose">
                <Text size="sm" fw={700}>
                  {record.purpose}
                </Text>
              </RecordPart>
              <RecordPart label="Type">
                <Text size="sm">{record.type}</Text>
              </RecordPart>
              <RecordPart label="Name" wide>
                <Copyable value={record.name} what={`the ${record.purpose} record's name`} />
              </RecordPart>
              <RecordPart label="Value" wide>
                <Copyable value={record.value} what={`the ${record.purpose} record's value`} />
              </RecordPart>
            </Box>
          </Paper>
        ))}
      </Box>
    </Stack>
  );
}

/** One term of a record, its label above what it holds; a `wide` one takes a line of its own. */
function RecordPart({
  label,
  wide = false,
  children,
}: {
  label: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Box style={wide ? { flexBasis: '100%', minWidth: 0 } : undefined}>
      <Text component="dt" size="xs" fw={700} c="gray.7">
        {label}
      </Text>
      <Box component="dd" m={0}>
        {children}
      </Box>
    </Box>
  );
}

/** A name or value to paste at the DNS host: wrapped anywhere, never cut, with its copy button. */
function Copyable({ value, what }: { value: string; what: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Code block style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            size="compact-sm"
            variant={copied ? 'light' : 'default'}
            color={copied ? 'teal' : undefined}
            onClick={copy}
            aria-label={`${copied ? 'Copied' : 'Copy'} ${what}`}
            leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
