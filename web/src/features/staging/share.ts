import type { ShareDetails } from '../../app/share';
import { absoluteUrl } from '../../app/PageMeta';

/** A staged result as Share sends it: the picture itself (the server's URL), which networks preview. */
export function resultShareDetails(imageUrl: string): ShareDetails {
  const url = absoluteUrl(imageUrl);
  return {
    title: 'Staged with FlipStage',
    text: 'A piece of furniture staged in a room by FlipStage.',
    url,
    image: url,
  };
}
