import armchairAfter from '../../assets/examples/armchair-after.jpg';
import armchairBefore from '../../assets/examples/armchair-before.jpg';
import bedAfter from '../../assets/examples/bed-after.jpg';
import bedBefore from '../../assets/examples/bed-before.jpg';
import deskAfter from '../../assets/examples/desk-after.jpg';
import deskBefore from '../../assets/examples/desk-before.jpg';
import leatherSofaAfter from '../../assets/examples/leather-sofa-after.jpg';
import leatherSofaBefore from '../../assets/examples/leather-sofa-before.jpg';
import sofaAfter from '../../assets/examples/sofa-after.jpg';
import sofaBefore from '../../assets/examples/sofa-before.jpg';

/** Real photos (samples/photos/) staged by the local engine (scripts/make-web-assets.ts), bundled with the site. */
export interface StagingExample {
  piece: string;
  style: string;
  before: string;
  after: string;
}

export const STAGING_EXAMPLES: StagingExample[] = [
  { piece: 'Red three-seat sofa', style: 'Modern', before: sofaBefore, after: sofaAfter },
  { piece: 'Wax-print accent chair', style: 'Scandinavian', before: armchairBefore, after: armchairAfter },
  { piece: 'Dark wood queen bed', style: 'Coastal', before: bedBefore, after: bedAfter },
  { piece: 'Office desk', style: 'Industrial', before: deskBefore, after: deskAfter },
  { piece: 'Tan leather sofa', style: 'Mid-Century Modern', before: leatherSofaBefore, after: leatherSofaAfter },
];
