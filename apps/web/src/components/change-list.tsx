import { List, Text } from '@mantine/core';
import type { AuditChange } from '@homeminder/shared/contracts/audit';
import { auditFieldLabel, auditValueText } from '@homeminder/shared/audit-labels';

/**
 * What a change did, one line per field: "Site name: Acme Realty Home Care → Acme Home Care"
 * (docs/decisions/081). The audit log and a client's activity show changes alike.
 */
export function ChangeList({ changes }: { changes: AuditChange[] }) {
  if (changes.length === 0) return null;
  return (
    <List size="sm" spacing={2} listStyleType="none" aria-label="Changes">
      {changes.map((change) => (
        <List.Item key={change.field} style={{ overflowWrap: 'anywhere' }}>
          <Text span size="sm" fw={600}>
            {auditFieldLabel(change.field)}:
          </Text>{' '}
          <Text span size="sm" c="gray.7">
            {auditValueText(change.before, change.field)}
          </Text>{' '}
          <span aria-label="changed to">→</span>{' '}
          <Text span size="sm">
            {auditValueText(change.after, change.field)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
