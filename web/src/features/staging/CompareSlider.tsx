import { useState } from 'react';
import { Box, Image, Slider } from '@mantine/core';
import classes from './CompareSlider.module.css';

interface CompareSliderProps {
  beforeUrl: string;
  afterUrl: string;
  onError: () => void;
}

// Until the staged image has loaded its shape is unknown; the engine's rooms are mostly 4:3.
const DEFAULT_RATIO = 4 / 3;

/**
 * Before/after comparison: the original is revealed from the left up to the slider's value. Both
 * images fill one frame shaped like the staged result, so neither is letterboxed where the other
 * is not.
 */
export function CompareSlider({ beforeUrl, afterUrl, onError }: CompareSliderProps) {
  const [split, setSplit] = useState(50);
  const [ratio, setRatio] = useState(DEFAULT_RATIO);
  return (
    <Box>
      <Box className={classes.frame} style={{ '--compare-ratio': ratio }}>
        <Image
          src={afterUrl}
          alt="Staged result"
          className={classes.layer}
          fit="cover"
          onError={onError}
          onLoad={(event) => {
            const { naturalWidth, naturalHeight } = event.currentTarget;
            if (naturalWidth > 0 && naturalHeight > 0) setRatio(naturalWidth / naturalHeight);
          }}
        />
        <Image
          src={beforeUrl}
          alt="Original photo"
          className={classes.layer}
          fit="cover"
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
