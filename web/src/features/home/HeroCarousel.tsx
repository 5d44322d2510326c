import { useEffect, useState } from 'react';
import { Box, Image } from '@mantine/core';
import { STAGING_EXAMPLES } from './examples';
import classes from './HeroCarousel.module.css';

/** Spec §9: the hero images rotate every 3000 ms. */
export const HERO_INTERVAL_MS = 3000;

export function HeroCarousel() {
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setCurrent((i) => (i + 1) % STAGING_EXAMPLES.length), HERO_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Box className={classes.frame} role="group" aria-roledescription="carousel" aria-label="Staged rooms">
      {STAGING_EXAMPLES.map((example, i) => (
        <Image
          key={example.after}
          src={example.after}
          alt={i === current ? `${example.piece} staged in a ${example.style} room` : ''}
          aria-hidden={i !== current}
          className={classes.slide}
          data-active={i === current || undefined}
          fit="cover"
        />
      ))}
    </Box>
  );
}
