import { Box, Container, Group, Text } from '@mantine/core';
import classes from './Footer.module.css';
import { AnchorLink } from './links';

/** Spec §2: every page's footer links Home, Marketplace, Terms of Use and Privacy Policy. */
export function Footer() {
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg">
        <Group justify="space-between" gap="md">
          <Text c="dimmed" fz="sm">
            © {new Date().getFullYear()} FlipStage
          </Text>
          <Group component="nav" aria-label="Footer" gap="lg">
            <AnchorLink to="/" c="dimmed" fz="sm">
              Home
            </AnchorLink>
            <AnchorLink to="/marketplace" c="dimmed" fz="sm">
              Marketplace
            </AnchorLink>
            <AnchorLink to="/legal/$section" params={{ section: 'terms-of-service' }} c="dimmed" fz="sm">
              Terms of Use
            </AnchorLink>
            <AnchorLink to="/legal/$section" params={{ section: 'privacy-policy' }} c="dimmed" fz="sm">
              Privacy Policy
            </AnchorLink>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
