import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildAutoPrompt } from '@flipstage/core';
import { renderApp } from '../../test-utils/renderApp';

describe('tips prompt builder', () => {
  it('starts from the default style and type', async () => {
    renderApp('/tips');
    expect(await screen.findByLabelText('Prompt')).toHaveValue(buildAutoPrompt('modern', 'dresser'));
  });

  it('rebuilds the prompt when a style and a furniture type are picked', async () => {
    renderApp('/tips');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Design style' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Coastal' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Furniture type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sofa/Couch' }));
    expect(screen.getByLabelText('Prompt')).toHaveValue(buildAutoPrompt('coastal', 'sofa'));
  });

  it('lets the prompt be edited and reset', async () => {
    renderApp('/tips');
    const prompt = await screen.findByLabelText('Prompt');
    await userEvent.clear(prompt);
    await userEvent.type(prompt, 'a sunlit attic');
    expect(prompt).toHaveValue('a sunlit attic');
    await userEvent.click(screen.getByRole('button', { name: 'Reset prompt' }));
    expect(prompt).toHaveValue(buildAutoPrompt('modern', 'dresser'));
  });

  it('offers to copy the prompt', async () => {
    renderApp('/tips');
    expect(await screen.findByRole('button', { name: 'Copy prompt' })).toBeInTheDocument();
  });
});
