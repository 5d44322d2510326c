import type { ReactElement, ReactNode } from 'react';
import { render as testingRender } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { theme } from '../app/theme';

function Providers({ children }: { children: ReactNode }) {
  return <MantineProvider theme={theme}>{children}</MantineProvider>;
}

export function render(ui: ReactElement) {
  return testingRender(ui, { wrapper: Providers });
}
