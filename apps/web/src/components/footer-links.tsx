import { Link } from 'react-router';
import { Anchor, Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@homeminder/shared/constants';

const links = [
  { to: '/about', label: 'About' },
  { to: '/howitworks', label: 'How it works' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contactus', label: 'Contact us' },
  { to: '/termsofuse', label: 'Terms of use' },
  { to: '/privacypolicy', label: 'Privacy policy' },
];

export function FooterLinks() {
  return (
    <Group component="nav" aria-label="About HomeMinder" gap="md" justify="center" wrap="wrap" px="md">
      {links.map((link) => (
        <Anchor key={link.to} component={Link} to={link.to} size="sm" c="gray.7">
          {link.label}
        </Anchor>
      ))}
      <Text size="sm" c="gray.7">
        © {new Date().getFullYear()} {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
