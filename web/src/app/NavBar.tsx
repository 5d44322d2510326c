import { lazy, Suspense, useState } from 'react';
import { Anchor, Badge, Box, Burger, Container, Divider, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAuthStatus, useMergedUser, useSignOutUser } from '../backend/session';
import { track } from '../analytics/track';
import { chatWidget } from '../analytics/crispChat';
import { messagesLinkName, useUnreadCount } from '../features/messages/liveMessages';
import { NAV_LINKS, SIGNED_IN_NAV_LINKS } from './navLinks';
import classes from './NavBar.module.css';
import { AnchorLink, ButtonLink } from './links';
import { AccountButton } from './AccountButton';

// The account menu and the mobile drawer bring Mantine's popover, modal, focus trap and scroll
// lock: they load when first shown, keeping the home route's initial JS in budget (bench:web).
const AccountMenu = lazy(() => import('./AccountMenu'));
const NavDrawer = lazy(() => import('./NavDrawer'));

function trackNav(name: string, destination: string) {
  track('navigation_click', { category: 'navigation', link_name: name, destination });
}

/**
 * The top bar (spec §2): Home, Pricing, Marketplace (and Dashboard when signed in); Log in / Sign up
 * or the avatar menu; a slide-in menu on mobile with the same items.
 */
export function NavBar() {
  const status = useAuthStatus();
  const user = useMergedUser();
  const signOutUser = useSignOutUser();
  const navigate = useNavigate();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  // A press on the account button before the menu's code is in opens the menu once it is.
  const [menuAsked, setMenuAsked] = useState(false);
  const unread = useUnreadCount();

  async function logOut() {
    drawer.close();
    track('logout', { category: 'auth' });
    chatWidget.reset();
    // Leave any guarded page first so its guard does not bounce to the sign-in screen.
    await navigate({ to: '/' });
    await signOutUser();
  }

  const links = status === 'signedIn' ? [...NAV_LINKS, ...SIGNED_IN_NAV_LINKS] : NAV_LINKS;
  const navLinks = (onClick?: () => void) =>
    links.map((link) => (
      <Anchor
        key={link.to}
        component={Link}
        to={link.to}
        className={classes.link}
        activeOptions={{ exact: link.to === '/' }}
        aria-label={link.to === '/messages' ? messagesLinkName(unread) : undefined}
        onClick={() => {
          trackNav(link.label, link.to);
          onClick?.();
        }}
      >
        {link.label}
        {link.to === '/messages' && unread > 0 && (
          <Badge component="span" size="sm" color="red" variant="filled" ml={6} aria-hidden>
            {unread}
          </Badge>
        )}
      </Anchor>
    ));

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group justify="space-between" h="100%" wrap="nowrap">
          <AnchorLink to="/" className={classes.brand} aria-label="FlipStage home">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <Text component="span" fw={700} fz="lg">
              FlipStage
            </Text>
          </AnchorLink>

          <Group component="nav" aria-label="Main" gap="lg" visibleFrom="sm">
            {navLinks()}
          </Group>

          <Group gap="sm" visibleFrom="sm">
            {status === 'signedOut' && (
              <>
                <ButtonLink to="/auth/$type" params={{ type: 'signin' }} variant="default">
                  Log in
                </ButtonLink>
                <ButtonLink to="/auth/$type" params={{ type: 'signup' }}>
                  Sign up
                </ButtonLink>
              </>
            )}
            {status === 'signedIn' && (
              <Suspense
                fallback={<AccountButton avatar={user?.avatar} name={user?.name} onClick={() => setMenuAsked(true)} />}
              >
                <AccountMenu
                  defaultOpened={menuAsked}
                  avatar={user?.avatar}
                  name={user?.name}
                  email={user?.email}
                  onMyAccount={() => void navigate({ to: '/settings/$section', params: { section: 'general' } })}
                  onLogOut={() => void logOut()}
                />
              </Suspense>
            )}
          </Group>

          <Burger
            opened={drawerOpened}
            onClick={() => {
              setDrawerUsed(true);
              drawer.toggle();
            }}
            hiddenFrom="sm"
            aria-label="Open menu"
          />
        </Group>
      </Container>

      {drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer opened={drawerOpened} onClose={drawer.close}>
            <Stack component="nav" aria-label="Mobile" gap="md">
              {navLinks(drawer.close)}
              <Divider />
              {status === 'signedOut' && (
                <>
                  <AnchorLink to="/auth/$type" params={{ type: 'signin' }} onClick={drawer.close}>
                    Log in
                  </AnchorLink>
                  <AnchorLink to="/auth/$type" params={{ type: 'signup' }} onClick={drawer.close}>
                    Sign up
                  </AnchorLink>
                </>
              )}
              {status === 'signedIn' && (
                <>
                  <AnchorLink to="/settings/$section" params={{ section: 'general' }} onClick={drawer.close}>
                    My Account
                  </AnchorLink>
                  <UnstyledButton onClick={() => void logOut()}>Log Out</UnstyledButton>
                </>
              )}
            </Stack>
          </NavDrawer>
        </Suspense>
      )}
    </Box>
  );
}
