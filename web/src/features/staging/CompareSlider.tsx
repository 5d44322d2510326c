import { useState } from 'react';
import { Box, Image, Slider } from '@mantine/core';
import classes from './CompareSlider.module.css';

interface CompareSliderProps {
  beforeUrl: string;
  afterUrl: string;
  onError: () => void;
}

/** Before/after comparison: the original is revealed from the left up to the slider's value. */
export function CompareSlider({ beforeUrl, afterUrl, onError }: CompareSliderProps) {
  const [split, setSplit] = useState(50);
  return (
    <Box>
      <Box className={classes.frame} h={400}>
        <Image src={afterUrl} alt="Staged result" className={classes.layer} fit="contain" onError={onError} />
        <Image
          src={beforeUrl}
          alt="Original photo"
          className={classes.layer}
          fit="contain"
          style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
        />
        <div className={classes.divider} style={{ left: `${split}%` }} aria-hidden />
      </Box>
      <Slider
        mt="sm"
        value={split}
        onChange={setSplit}
        min={0}
        max={100}
        label={(value) => `${value}% original`}
        thumbLabel="Before and after comparison"
        thumbValueText={(value) => `${value}% original, ${100 - value}% staged`}
      />
    </Box>
  );
}
