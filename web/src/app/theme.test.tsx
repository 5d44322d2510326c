import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider, Modal } from '@mantine/core';
import { theme } from './theme';

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
});
