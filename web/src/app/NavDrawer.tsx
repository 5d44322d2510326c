import type { ReactNode } from 'react';
import { Drawer } from '@mantine/core';

/**
 * The slide-in menu on small screens. Its own chunk, loaded when the burger is first pressed: the
 * drawer brings Mantine's modal, focus trap and scroll lock, which the first paint does not need.
 */
export default function NavDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Menu"
      position="right"
      hiddenFrom="sm"
      size="75%"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      {children}
    </Drawer>
  );
}
