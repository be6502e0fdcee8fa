import { Link } from 'react-router';
import { Anchor, Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@homeminder/shared/constants';

/** The public pages, by path, in the order the footer shows them. */
const links: Record<string, string> = {
  '/about': 'About',
  '/howitworks': 'How it works',
  '/faq': 'FAQ',
  '/contactus': 'Contact us',
  '/termsofuse': 'Terms of use',
  '/privacypolicy': 'Privacy policy',
};

export function FooterLinks() {
  return (
    <Group component="nav" aria-label="About HomeMinder" gap="md" justify="center" wrap="wrap" px="md">
      {Object.entries(links).map(([to, label]) => (
        <Anchor key={to} component={Link} to={to} size="sm" c="gray.7">
          {label}
        </Anchor>
      ))}
      <Text size="sm" c="gray.7">
        © {new Date().getFullYear()} {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
