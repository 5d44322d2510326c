import { Container, List, Stack, Text, Title } from '@mantine/core';
import { CUSTOM_PROMPT_FALLBACK } from '@flipstage/core';
import { PageMeta } from '../../app/PageMeta';
import { PromptBuilder } from './PromptBuilder';
import { ButtonLink } from '../../app/links';

export function TipsPage() {
  return (
    <Container size="md" py={48}>
      <PageMeta
        title="Prompt tips"
        description="How a design style and a room setting combine into a staging prompt, and how to edit it."
        path="/tips"
      />
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>Prompt tips for staging</Title>
          <Text>
            Every staged image starts from a prompt that describes the room around your piece. In Auto Prompt mode we
            write it for you from two choices: the <strong>design style</strong> sets the walls, floor, palette and
            light, and the <strong>furniture type</strong> sets the room and what stands around the piece. The prompt is
            the style phrase, then “for a”, then the room phrase.
          </Text>
        </Stack>

        <PromptBuilder />

        <Stack gap="sm">
          <Title order={2} fz="h3">
            Make the prompt your own
          </Title>
          <List spacing="xs">
            <List.Item>
              Name materials and colours: “walnut floor”, “sage green walls” and “brass lamp” change the result more
              than “nice” or “beautiful”.
            </List.Item>
            <List.Item>
              Describe the light: morning light, warm lamplight or bright seaside light set the mood.
            </List.Item>
            <List.Item>
              Match the room to the piece: a dresser reads best in a bedroom, a desk in a home office.
            </List.Item>
            <List.Item>Keep props small and to the side so the piece you are selling stays the focus.</List.Item>
            <List.Item>
              Photograph the piece straight on against a plain wall or floor; a clean outline gives the cleanest
              cut-out.
            </List.Item>
            <List.Item>
              In Custom Prompt mode you write the whole room yourself; an empty prompt falls back to “
              {CUSTOM_PROMPT_FALLBACK}”.
            </List.Item>
          </List>
        </Stack>

        <ButtonLink to="/" size="md" w="fit-content">
          Stage a piece now
        </ButtonLink>
      </Stack>
    </Container>
  );
}
