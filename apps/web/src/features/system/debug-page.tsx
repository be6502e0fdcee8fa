import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Table.css';
import { Link } from 'react-router';
import { Anchor, Code, Container, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { basePath } from '../../lib/base-path';
import { browserSessionId } from '../../lib/browser-session-id';
import { isAuthenticated, isImpersonating, useSession } from '../../lib/session-store';
import { useHydrated } from '../../lib/use-hydrated';
import { formatDateTime } from '@homeminder/shared/format';
import { useCorporationTimeZone } from '../../lib/corporation-time-zone';

/** Shows only the first and last characters of a secret. */
export function maskSecret(value: string | null): string {
  if (!value) return '(none)';
  if (value.length <= 8) return '••••••••';
  return `${value.slice(0, 4)}…${value.slice(-2)} (${value.length} characters)`;
}

/**
 * A moment as every screen writes it (DDMMMYYYY hh:mm, docs/requirements.md §10) with its zone
 * named: the corporation's once known, else UTC (signed out, or before who-am-i responds).
 */
export function debugMoment(at: number | null, timeZone: string | undefined): string {
  if (at === null) return '(none)';
  const zone = timeZone ?? 'UTC';
  return `${formatDateTime(at, zone)} ${zone}`;
}

/** Debug: what support staff ask for when something goes wrong; tokens are never shown whole. */
export function Component() {
  // What this tab holds (its session, its storage) is the browser's alone: the server draws the
  // page without it.
  const hydrated = useHydrated();
  const session = useSession((state) => state);
  const timeZone = useCorporationTimeZone();
  const rows: Array<[string, string]> = [
    ['Version', __APP_VERSION__],
    ['Build mode', import.meta.env.MODE],
    ['API base', `${basePath}api/`],
    ['Browser session (_ti)', hydrated ? browserSessionId() : ''],
    ['Initialised', String(session.isInit)],
    ['Signed in', String(isAuthenticated(session))],
    ['Bearer token', maskSecret(session.bearerToken)],
    ['Token expires', debugMoment(session.expiry, timeZone)],
    ['Impersonating', String(isImpersonating(session))],
    ['Impersonation token', maskSecret(session.impersonatedToken)],
    ['User id', session.userID ?? '(none)'],
    ['Tenant id', session.tenantID ?? '(none)'],
    ['Name', session.username ?? '(none)'],
    ['Company', session.identity?.tenantName ?? '(none)'],
    ['Roles', session.identity?.roles.join(', ') || '(none)'],
    ['Privileges', session.identity?.privileges.join(', ') || '(none)'],
    ['Return URL', session.returnUrl || '(none)'],
    ['Remember me', String(session.rememberMe)],
  ];
  return (
    <Container size="md" py="xl">
      <Stack>
        <Title order={1}>{PRODUCT_NAME} debug information</Title>
        <Text c="gray.7">
          Share this page with support if something does not work.{' '}
          <Anchor component={Link} to="/">
            Back to Home
          </Anchor>
        </Text>
        {!hydrated ? (
          <Text c="gray.7">Reading what this tab holds…</Text>
        ) : (
          <Paper withBorder>
            <Table striped>
              <Table.Tbody>
                {rows.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th w={220} scope="row">
                      {label}
                    </Table.Th>
                    <Table.Td>
                      <Code style={{ wordBreak: 'break-all' }}>{value}</Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
