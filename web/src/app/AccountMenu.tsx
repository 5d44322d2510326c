import { Menu } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useIsModerator } from '../features/moderation/moderationQueries';
import { AccountButton } from './AccountButton';

export interface AccountMenuProps {
  avatar: string | null | undefined;
  name: string | undefined;
  email: string | undefined;
  onMyAccount: () => void;
  onLogOut: () => void;
  /** Opens at once: the account button was pressed while this chunk was still loading. */
  defaultOpened?: boolean;
}

/**
 * The signed-in top bar's account menu, with Reports for a moderator. Its own chunk: Mantine's menu
 * brings the popover, floating positioning and focus handling, which the home route's first paint
 * does not need (NavBar.tsx).
 */
export default function AccountMenu({ avatar, name, email, onMyAccount, onLogOut, defaultOpened }: AccountMenuProps) {
  const moderator = useIsModerator();
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <AccountButton avatar={avatar} name={name} />
      </Menu.Target>
      <Menu.Dropdown>
        {email && <Menu.Label>{email}</Menu.Label>}
        <Menu.Item onClick={onMyAccount}>My Account</Menu.Item>
        {moderator && (
          <Menu.Item component={Link} to="/admin/reports">
            Reports
          </Menu.Item>
        )}
        <Menu.Item onClick={onLogOut}>Log Out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
