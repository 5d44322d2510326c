import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider, Modal } from '@mantine/core';
import { cssVariablesResolver, FILLED_ORANGE, theme } from './theme';

describe('theme', () => {
  it('names every dialog’s close button', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Modal opened onClose={() => {}} title="Generate All">
          Body
        </Modal>
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Close dialog' })).toBeInTheDocument();
  });

  it('gives filled orange a background white text reads on at the WCAG AA 4.5:1 ratio', () => {
    const resolved = cssVariablesResolver(theme as Parameters<typeof cssVariablesResolver>[0]);
    expect(resolved.light['--mantine-color-orange-filled']).toBe(FILLED_ORANGE);
    expect(contrastWithWhite(FILLED_ORANGE)).toBeGreaterThanOrEqual(4.5);
  });
});

/** WCAG 2 contrast ratio of white against a #rrggbb colour. */
function contrastWithWhite(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05);
}
