import armchairAfter from '../../assets/examples/armchair-after.jpg';
import armchairBefore from '../../assets/examples/armchair-before.jpg';
import bedAfter from '../../assets/examples/bed-after.jpg';
import bedBefore from '../../assets/examples/bed-before.jpg';
import bookcaseAfter from '../../assets/examples/bookcase-after.jpg';
import bookcaseBefore from '../../assets/examples/bookcase-before.jpg';
import dresserAfter from '../../assets/examples/dresser-after.jpg';
import dresserBefore from '../../assets/examples/dresser-before.jpg';
import sofaAfter from '../../assets/examples/sofa-after.jpg';
import sofaBefore from '../../assets/examples/sofa-before.jpg';

/** Sample photos staged by the local engine (scripts/make-web-assets.ts), bundled with the site. */
export interface StagingExample {
  piece: string;
  style: string;
  before: string;
  after: string;
}

export const STAGING_EXAMPLES: StagingExample[] = [
  { piece: 'Painted dresser', style: 'Farmhouse', before: dresserBefore, after: dresserAfter },
  { piece: 'Velvet armchair', style: 'Bohemian', before: armchairBefore, after: armchairAfter },
  { piece: 'Three-seat sofa', style: 'Scandinavian', before: sofaBefore, after: sofaAfter },
  { piece: 'Walnut bookcase', style: 'Industrial', before: bookcaseBefore, after: bookcaseAfter },
  { piece: 'Upholstered bed', style: 'Coastal', before: bedBefore, after: bedAfter },
];
