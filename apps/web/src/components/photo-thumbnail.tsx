import '@mantine/core/styles/Image.css';
import { useState } from 'react';
import { Image, Modal, Skeleton, Text, UnstyledButton } from '@mantine/core';

/**
 * A photo read from the server as a data URL, shown small; pressed, it opens larger, for reading
 * the small print of a label or a receipt.
 */
export function PhotoThumbnail({
  photo,
  alt,
  size,
  showLabel,
  unreadable,
}: {
  photo: { isPending: boolean; data?: string };
  alt: string;
  size: number;
  /** The name of the button that opens it larger. */
  showLabel: string;
  /** What stands in its place when it could not be read. */
  unreadable: string;
}) {
  const [open, setOpen] = useState(false);
  if (photo.isPending) return <Skeleton w={size} h={size} radius="sm" />;
  if (!photo.data) return <Text size="sm">{unreadable}</Text>;
  return (
    <>
      <UnstyledButton
        onClick={() => setOpen(true)}
        aria-label={showLabel}
        style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}
      >
        <Image src={photo.data} alt={alt} w={size} h={size} fit="cover" radius="sm" />
      </UnstyledButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={alt} size="xl" centered>
        <Image src={photo.data} alt={alt} fit="contain" mah="75vh" />
      </Modal>
    </>
  );
}
