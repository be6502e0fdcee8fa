import { useState } from 'react';
import { Anchor, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { HomeSystem } from '@homeminder/shared/contracts/home-systems';
import { homeSystemTitle } from '@homeminder/shared/contracts/home-system-words';
import { ServerErrorAlert } from '../form/server-error-alert';
import { PhotoThumbnail } from '../photo-thumbnail';
import type { SystemFileCalls } from './system-file-calls';

/** The label photo's data URL, read once per photo sent: a new photo has another time, so another key. */
function useLabelPhoto(system: HomeSystem, files: SystemFileCalls) {
  return useQuery({
    queryKey: ['home-system-label', system.id, system.label?.uploadedAt],
    queryFn: () => files.readLabel(system.id),
    enabled: Boolean(system.label),
    staleTime: Infinity,
  });
}

/** The photo of a system's label as a small picture that opens larger, for reading its small print. */
export function LabelThumbnail({ system, files }: { system: HomeSystem; files: SystemFileCalls }) {
  const photo = useLabelPhoto(system, files);
  if (!system.label) return null;
  const alt = `Label of ${homeSystemTitle(system).toLowerCase()}`;
  return (
    <PhotoThumbnail
      photo={photo}
      alt={alt}
      size={64}
      showLabel={`Show the ${alt.toLowerCase()} larger`}
      unreadable="The label photo could not be shown."
    />
  );
}

/** The manual, saved on the device when followed. */
export function ManualLink({ system, files }: { system: HomeSystem; files: SystemFileCalls }) {
  const [failure, setFailure] = useState<unknown>(null);
  if (!system.manual) return null;
  const { name } = system.manual;
  return (
    <>
      <Anchor
        component="button"
        type="button"
        size="sm"
        title={name}
        onClick={() => {
          setFailure(null);
          files.downloadManual(system.id, name).catch(setFailure);
        }}
      >
        <Group gap={4} wrap="nowrap" component="span">
          <IconFileTypePdf size={16} aria-hidden />
          Manual
        </Group>
      </Anchor>
      <ServerErrorAlert error={failure} title="The manual could not be saved" />
    </>
  );
}
