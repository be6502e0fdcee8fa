import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Image.css';
import type { ReactNode } from 'react';
import { Avatar, Box, Button, FileButton, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { imageMessages, imageUpload } from '@homeminder/shared/contracts/admin';
import { ServerErrorAlert } from './server-error-alert';
import { useAsyncAction } from './use-async-action';

interface ImageUploadProps {
  /** The image now in use, as a data URL, or null. */
  current: string | null | undefined;
  loading?: boolean;
  /** Describes the picture for screen readers ('Profile picture of Rita Realtor'). */
  alt: string;
  shape: 'avatar' | 'banner';
  /** Sends the file; the server checks it again and re-encodes it. */
  onUpload: (file: File) => Promise<unknown>;
  successMessage: string;
  disabled?: boolean;
  placeholder?: ReactNode;
}

/** The browser's first check of an image, with the server's own words; the server has the last say. */
export function imageProblem(file: File): string | null {
  if (!(imageUpload.types as readonly string[]).includes(file.type)) return imageMessages.wrongType;
  if (file.size > imageUpload.maxBytes) return imageMessages.tooLarge;
  return null;
}

/** Shows a profile or branding image and lets the user replace it (PNG, JPEG or WebP, up to 2 MB). */
export function ImageUpload({
  current,
  loading,
  alt,
  shape,
  onUpload,
  successMessage,
  disabled,
  placeholder,
}: ImageUploadProps) {
  const { busy, failure, run, fail } = useAsyncAction();

  const choose = async (file: File | null) => {
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      fail(new Error(problem));
      return;
    }
    await run(async () => {
      await onUpload(file);
      notifications.show({ color: 'teal', message: successMessage });
    });
  };

  const preview = loading ? (
    <Skeleton w={shape === 'avatar' ? 96 : 240} h={96} radius={shape === 'avatar' ? 'xl' : 'md'} />
  ) : shape === 'avatar' ? (
    <Avatar src={current ?? null} alt={alt} size={96} radius={96} color="blue">
      {placeholder}
    </Avatar>
  ) : current ? (
    <Image src={current} alt={alt} h={96} w="auto" maw={320} fit="contain" radius="md" />
  ) : (
    <Box
      w={240}
      h={96}
      bg="gray.1"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Group gap={6} c="gray.7">
        <IconPhoto size={20} aria-hidden />
        <Text size="sm">No image yet</Text>
      </Group>
    </Box>
  );

  return (
    <Stack gap="sm">
      <Group gap="lg" align="center" wrap="wrap">
        {preview}
        <Stack gap={4}>
          <FileButton
            onChange={(file) => void choose(file)}
            accept={imageUpload.types.join(',')}
            disabled={disabled || busy}
          >
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} aria-hidden />}
                variant="light"
                loading={busy}
                disabled={disabled}
              >
                {current ? 'Replace image' : 'Upload image'}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="gray.7">
            PNG, JPEG or WebP, up to 2 MB.
          </Text>
        </Stack>
      </Group>
      <ServerErrorAlert error={failure} />
    </Stack>
  );
}
