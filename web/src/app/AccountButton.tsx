import type { ComponentPropsWithRef } from 'react';
import { UnstyledButton } from '@mantine/core';
import { DEFAULT_AVATAR_URL } from '@flipstage/core';
import classes from './AccountButton.module.css';

export interface AccountButtonProps extends ComponentPropsWithRef<'button'> {
  avatar: string | null | undefined;
  name: string | undefined;
}

/**
 * The top bar's avatar button that opens the account menu. One component for the menu's trigger
 * and for the button shown while the menu's code loads (AccountMenu.tsx), so the two look alike.
 * A plain round picture rather than Mantine's Avatar, which would put that component's code in
 * every page's initial JS. Menu.Target passes its ref and aria props through here.
 */
export function AccountButton({ avatar, name, ...button }: AccountButtonProps) {
  return (
    <UnstyledButton aria-label="Account menu" {...button}>
      <img className={classes.avatar} src={avatar || DEFAULT_AVATAR_URL} alt={name ?? 'Your avatar'} />
    </UnstyledButton>
  );
}
