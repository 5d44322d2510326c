import type { ComponentPropsWithRef } from 'react';
import { Avatar, UnstyledButton } from '@mantine/core';

export interface AccountButtonProps extends ComponentPropsWithRef<'button'> {
  avatar: string | null | undefined;
  name: string | undefined;
}

/**
 * The top bar's avatar button that opens the account menu. One component for the menu's trigger
 * and for the button shown while the menu's code loads (AccountMenu.tsx), so the two look alike.
 * Menu.Target passes its ref and aria props through here.
 */
export function AccountButton({ avatar, name, ...button }: AccountButtonProps) {
  return (
    <UnstyledButton aria-label="Account menu" {...button}>
      <Avatar src={avatar} alt={name ?? 'Your avatar'} radius="xl" />
    </UnstyledButton>
  );
}
