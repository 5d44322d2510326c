import { Anchor, Card, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { STAGING_EXAMPLES } from './examples';

/** Before/after pairs made by the staging engine from real photos, credited as their licences ask. */
export function BeforeAfterExamples() {
  return (
    <section aria-labelledby="examples-title">
      <Title order={2} id="examples-title" ta="center" mb="lg">
        Before and after
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {STAGING_EXAMPLES.slice(0, 4).map((example) => (
          <Card key={example.after} withBorder radius="lg" padding="md">
            <SimpleGrid cols={2} spacing="xs">
              <Stack gap={4}>
                <Image src={example.before} alt={`${example.piece}, original photo`} radius="md" loading="lazy" />
                <Text size="sm" c="dimmed" ta="center">
                  Before
                </Text>
              </Stack>
              <Stack gap={4}>
                <Image
                  src={example.after}
                  alt={`${example.piece}, staged in ${/^[AEIOU]/.test(example.style) ? 'an' : 'a'} ${example.style} room`}
                  radius="md"
                  loading="lazy"
                />
                <Text size="sm" c="dimmed" ta="center">
                  After: {example.style}
                </Text>
              </Stack>
            </SimpleGrid>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" ta="center" mt="sm">
        Original photos: the chair and the bed from Pexels; the sofa and the desk from Roboflow 100 furniture-ngpea,{' '}
        <Anchor href="https://creativecommons.org/licenses/by/4.0/" size="xs" inherit underline="always">
          CC BY 4.0
        </Anchor>
        , staged by FlipStage.
      </Text>
    </section>
  );
}
