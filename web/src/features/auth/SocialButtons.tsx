import { useState } from 'react';
import { Badge, Button, SimpleGrid } from '@mantine/core';
import { IconBrandFacebook, IconBrandGithub, IconBrandGoogle, IconBrandX } from '@tabler/icons-react';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../backend/types';
import { lastProvider } from './authStorage';

export const PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'Twitter',
  github: 'GitHub',
};

const ICONS = {
  google: IconBrandGoogle,
  facebook: IconBrandFacebook,
  twitter: IconBrandX,
  github: IconBrandGithub,
} as const;

interface SocialButtonsProps {
  onSelect: (provider: SocialProvider) => void;
  disabled?: boolean;
  /** Restrict to the providers the user already linked (re-sign-in). */
  only?: readonly string[];
}

/** Social sign-in buttons; the last-used one is highlighted (spec §7). */
export function SocialButtons({ onSelect, disabled, only }: SocialButtonsProps) {
  const [remembered] = useState(lastProvider);
  const providers = SOCIAL_PROVIDERS.filter((p) => !only || only.includes(p));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
      {providers.map((provider) => {
        const Icon = ICONS[provider];
        const isLast = remembered === provider;
        return (
          <Button
            key={provider}
            variant={isLast ? 'outline' : 'default'}
            leftSection={<Icon size={18} aria-hidden />}
            rightSection={isLast ? <Badge size="xs">Last used</Badge> : undefined}
            onClick={() => onSelect(provider)}
            disabled={disabled}
            aria-label={`Continue with ${PROVIDER_LABELS[provider]}`}
          >
            {PROVIDER_LABELS[provider]}
          </Button>
        );
      })}
    </SimpleGrid>
  );
}
