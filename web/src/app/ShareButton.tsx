import { Button, Menu, type ButtonProps } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandPinterest,
  IconBrandWhatsapp,
  IconBrandX,
  IconLink,
  IconShare,
} from '@tabler/icons-react';
import { notifyError, notifySuccess } from './notify';
import {
  canShareNatively,
  networkShareUrl,
  SHARE_NETWORKS,
  shareNatively,
  type ShareDetails,
  type ShareNetwork,
} from './share';

const NETWORK_ICONS: Record<ShareNetwork, typeof IconShare> = {
  Facebook: IconBrandFacebook,
  Pinterest: IconBrandPinterest,
  X: IconBrandX,
  WhatsApp: IconBrandWhatsapp,
};

export interface ShareButtonProps {
  details: ShareDetails;
  variant?: ButtonProps['variant'];
}

/**
 * Share: the system's share sheet where the browser has one (copying the link if it refuses);
 * otherwise a menu of Copy link and the networks' share pages, each in a window of its own.
 */
export function ShareButton({ details, variant = 'outline' }: ShareButtonProps) {
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(details.url);
      notifySuccess('Link copied');
    } catch {
      notifyError(`The link could not be copied. Copy it from here: ${details.url}`);
    }
  };

  const button = (onClick?: () => void) => (
    <Button variant={variant} leftSection={<IconShare size={18} aria-hidden />} onClick={onClick}>
      Share
    </Button>
  );

  if (canShareNatively(details)) {
    return button(() => {
      void shareNatively(details).then((outcome) => {
        if (outcome === 'failed') return copyLink();
      });
    });
  }

  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>{button()}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconLink size={16} aria-hidden />} onClick={() => void copyLink()}>
          Copy link
        </Menu.Item>
        {SHARE_NETWORKS.map((network) => {
          const Icon = NETWORK_ICONS[network];
          return (
            <Menu.Item
              key={network}
              component="a"
              href={networkShareUrl(network, details)}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<Icon size={16} aria-hidden />}
            >
              {network}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
