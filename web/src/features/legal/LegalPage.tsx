import { Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { LEGAL_SECTION_LABELS, LEGAL_SECTIONS, resolveLegalSection, type LegalSection } from '@flipstage/core';
import { PageMeta } from '../../app/PageMeta';
import { LEGAL_TEXT, LEGAL_UPDATED } from './legalText';

export function LegalPage({ section }: { section: LegalSection }) {
  const navigate = useNavigate();
  return (
    <Container size="md" py={48}>
      <PageMeta
        title={LEGAL_SECTION_LABELS[section]}
        description={`FlipStage ${LEGAL_SECTION_LABELS[section]}: credits, subscriptions, your photos and your data.`}
        path={`/legal/${section}`}
      />
      <Stack gap="lg">
        <Title order={1}>Legal</Title>
        <Tabs
          value={section}
          onChange={(value) =>
            void navigate({ to: '/legal/$section', params: { section: resolveLegalSection(value) } })
          }
        >
          <Tabs.List>
            {LEGAL_SECTIONS.map((s) => (
              <Tabs.Tab key={s} value={s}>
                {LEGAL_SECTION_LABELS[s]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {LEGAL_SECTIONS.map((s) => (
            <Tabs.Panel key={s} value={s} pt="lg">
              <Stack gap="md">
                <Title order={2} fz="h3">
                  {LEGAL_SECTION_LABELS[s]}
                </Title>
                <Text c="dimmed" fz="sm">
                  Last updated {LEGAL_UPDATED}
                </Text>
                {LEGAL_TEXT[s].map((clause) => (
                  <Stack key={clause.heading} gap={6}>
                    <Title order={3} fz="h5">
                      {clause.heading}
                    </Title>
                    {clause.paragraphs.map((paragraph) => (
                      <Text key={paragraph.slice(0, 40)}>{paragraph}</Text>
                    ))}
                  </Stack>
                ))}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
