import { Container, Loader, Stack, Tabs, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import {
  SETTINGS_SECTION_LABELS,
  SETTINGS_SECTIONS,
  resolveSettingsSection,
  type SettingsSection,
} from '@flipstage/core';
import { PageMeta } from '../../app/PageMeta';
import { useMergedUser } from '../../backend/session';
import { GeneralSection } from './GeneralSection';
import { PasswordSection } from './PasswordSection';
import { BillingSection } from './BillingSection';

export function SettingsPage({ section }: { section: SettingsSection }) {
  const user = useMergedUser();
  const navigate = useNavigate();

  return (
    <Container size="md" py={40}>
      <PageMeta
        title={`Settings: ${SETTINGS_SECTION_LABELS[section]}`}
        description="Manage your FlipStage profile, password and billing."
        path={`/settings/${section}`}
      />
      <Stack gap="lg">
        <Title order={1}>Settings</Title>
        <Tabs
          value={section}
          onChange={(value) =>
            void navigate({ to: '/settings/$section', params: { section: resolveSettingsSection(value) } })
          }
          keepMounted={false}
        >
          <Tabs.List>
            {SETTINGS_SECTIONS.map((s) => (
              <Tabs.Tab key={s} value={s}>
                {SETTINGS_SECTION_LABELS[s]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {SETTINGS_SECTIONS.map((s) => (
            <Tabs.Panel key={s} value={s} pt="lg">
              {!user ? (
                <Loader aria-label="Loading your account" />
              ) : s === 'general' ? (
                <GeneralSection user={user} />
              ) : s === 'password' ? (
                <PasswordSection user={user} />
              ) : (
                <BillingSection user={user} />
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
