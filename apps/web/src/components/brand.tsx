import { Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { basePath } from '../lib/base-path';

/** The product's mark and name, as shown in every header. */
export function Brand({ size = 'lg' }: { size?: 'md' | 'lg' | 'xl' }) {
  return (
    <Group gap={8} wrap="nowrap">
      <img src={`${basePath}favicon.svg`} alt="" width={28} height={28} />
      <Text fw={700} size={size} c="blue.8">
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
