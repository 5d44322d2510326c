import { SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDownload, IconUpload, IconWand } from '@tabler/icons-react';

const STEPS = [
  { icon: IconUpload, title: '1. Upload', text: 'Drop in photos of your pieces, straight from your phone.' },
  {
    icon: IconWand,
    title: '2. Press Generate',
    text: 'Pick a design style and furniture type, or write your own prompt.',
  },
  { icon: IconDownload, title: '3. Download', text: 'Save your staged image and list it wherever you sell.' },
];

/** The three steps of spec §2: upload, press Generate, download. */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works-title">
      <Title order={2} id="how-it-works-title" ta="center" mb="lg">
        Three steps to a staged listing
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
        {STEPS.map((step) => (
          <Stack key={step.title} align="center" gap="xs" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light">
              <step.icon size={28} aria-hidden />
            </ThemeIcon>
            <Title order={3} size="h4">
              {step.title}
            </Title>
            <Text c="dimmed">{step.text}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </section>
  );
}
