export const STUDIO_ANCHOR_ID = 'studio';

export function scrollToStudio(): void {
  document.getElementById(STUDIO_ANCHOR_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
