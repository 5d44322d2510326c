/**
 * The demo seller's listings: real photographs (samples/photos/, sources and licences in its
 * manifest.json) staged through the engine on first start. Each style and type was chosen by
 * looking at what the engine makes of the photo; scripts/make-web-assets.ts stages some of them
 * again for the home page.
 */
import type { DesignStyleId, FurnitureTypeId, ItemCondition, ItemState, SubjectHint } from '@flipstage/core';

export interface SeedListing {
  /** In samples/photos/. */
  photo: string;
  /**
   * The seller's box, where the photo holds more than the piece (a pair of chairs, a furnished
   * bedroom) or the engine alone loses thin legs against the floor.
   */
  mark?: SubjectHint;
  style: DesignStyleId;
  furnitureType: FurnitureTypeId;
  title: string;
  description: string;
  price: number;
  tags: string;
  state: ItemState;
  condition: ItemCondition;
  /** Width, depth and height in centimetres. */
  size: readonly [number, number, number];
  pickupArea: string;
  delivery: boolean;
}

export const SEED_LISTINGS: readonly SeedListing[] = [
  {
    photo: 'sofa-red-workshop.jpg',
    style: 'modern',
    furnitureType: 'sofa',
    title: 'Red three-seat sofa, floor model',
    description:
      'Showroom floor model in cherry red woven fabric with two tufted back cushions, flared arms and walnut legs. Never sat in at home; the two patterned cushions come with it.',
    price: 390,
    tags: 'sofa, red, three-seat, tufted',
    state: 'active',
    condition: 'like-new',
    size: [190, 86, 84],
    pickupArea: 'Hackney, London',
    delivery: true,
  },
  {
    photo: 'chairs-patterned-pair.jpg',
    mark: { kind: 'box', x: 0.56, y: 0.28, width: 0.31, height: 0.64 },
    style: 'scandinavian',
    furnitureType: 'chair',
    title: 'Teal wax-print accent chair',
    description:
      'Tub accent chair upholstered in a teal and yellow wax-print cotton on splayed beech legs. Sturdy, no wobble, fabric clean. The orange one beside it has already gone.',
    price: 95,
    tags: 'accent chair, patterned, teal, beech legs',
    state: 'active',
    condition: 'good',
    size: [62, 58, 78],
    pickupArea: 'Clapham, London',
    delivery: false,
  },
  {
    photo: 'bed-queen-dark-wood.jpg',
    mark: { kind: 'box', x: 0.29, y: 0.4, width: 0.56, height: 0.58 },
    style: 'coastal',
    furnitureType: 'bed',
    title: 'Dark wood queen bed with slatted footboard',
    description:
      'Queen bed frame in dark stained hardwood with a slatted footboard and panel headboard. Slats included; mattress and bedding not. Comes apart with an Allen key for the move.',
    price: 340,
    tags: 'bed, queen, dark wood, bed frame',
    state: 'active',
    condition: 'good',
    size: [165, 218, 120],
    pickupArea: 'Didsbury, Manchester',
    delivery: true,
  },
  {
    photo: 'sofa-blue-tufted-workshop.jpg',
    style: 'scandinavian',
    furnitureType: 'sofa',
    title: 'Sky blue tufted sofa with bolster cushions',
    description:
      'Two-and-a-half seat sofa in a soft sky blue weave, buttoned back, two bolster cushions and tapered wooden legs. Just reupholstered in my workshop, nothing sat in it since.',
    price: 420,
    tags: 'sofa, blue, tufted, reupholstered',
    state: 'active',
    condition: 'like-new',
    size: [180, 88, 82],
    pickupArea: 'Stokes Croft, Bristol',
    delivery: true,
  },
  {
    photo: 'desk-red-office.jpg',
    style: 'industrial',
    furnitureType: 'desk',
    title: 'Mahogany-finish office desk with two drawers',
    description:
      'Solid office desk in a mahogany finish with a black edge, a two-drawer pedestal and a modesty panel. Drawers run smoothly; light marks on the top.',
    price: 110,
    tags: 'desk, office desk, drawers, mahogany',
    state: 'active',
    condition: 'good',
    size: [120, 60, 75],
    pickupArea: 'Leith, Edinburgh',
    delivery: false,
  },
  {
    photo: 'sofa-orange-leather.jpg',
    style: 'midcentury',
    furnitureType: 'sofa',
    title: 'Tan leather two-seat sofa on steel legs',
    description:
      'Low two-seater in soft tan leather with a slim steel base. The leather has a light patina on the arms, no tears or scratches. Pet-free, smoke-free home.',
    price: 480,
    tags: 'sofa, leather, tan, two-seat, mid-century',
    state: 'active',
    condition: 'good',
    size: [168, 84, 76],
    pickupArea: 'Jericho, Oxford',
    delivery: true,
  },
  {
    photo: 'loveseat-floral.jpg',
    style: 'traditional',
    furnitureType: 'sofa',
    title: 'Floral tapestry loveseat with skirt',
    description:
      'Rolled-arm loveseat in a dusky rose and sage tapestry with loose back cushions and a pleated skirt. Clean, firm seat cushions.',
    price: 150,
    tags: 'loveseat, floral, tapestry, traditional',
    state: 'sold',
    condition: 'good',
    size: [158, 90, 88],
    pickupArea: 'Headingley, Leeds',
    delivery: false,
  },
  {
    photo: 'settee-wooden-porch.jpg',
    style: 'bohemian',
    furnitureType: 'sofa',
    title: 'Carved teak settee with cushions',
    description:
      'Three-seat settee in carved teak with brown print seat cushions. Solid and heavy; the wood wants a fresh coat of oil, priced to match.',
    price: 210,
    tags: 'settee, teak, carved, wooden sofa',
    state: 'active',
    condition: 'fair',
    size: [185, 75, 90],
    pickupArea: 'Kings Heath, Birmingham',
    delivery: false,
  },
  {
    photo: 'chest-oak-three-drawer.jpg',
    mark: { kind: 'box', x: 0.12, y: 0.5, width: 0.45, height: 0.5 },
    style: 'midcentury',
    furnitureType: 'dresser',
    title: 'Oak veneer three-drawer chest',
    description:
      'Three wide drawers in oak veneer on slim legs: a nightstand or a small dresser. Assembled once, never moved. Lamp and tray not included.',
    price: 85,
    tags: 'chest of drawers, oak, three drawers, bedside',
    state: 'active',
    condition: 'like-new',
    size: [80, 48, 78],
    pickupArea: 'Cathays, Cardiff',
    delivery: false,
  },
  {
    photo: 'chair-oak-ladder-back.jpg',
    style: 'farmhouse',
    furnitureType: 'chair',
    title: 'Solid oak ladder-back chair',
    description:
      'Arts and crafts style chair in solid quarter-sawn oak with three back slats and a wooden seat. Glue joints redone, no wobble.',
    price: 45,
    tags: 'chair, oak, ladder-back, dining chair',
    state: 'sold',
    condition: 'good',
    size: [48, 46, 92],
    pickupArea: 'Ancoats, Manchester',
    delivery: false,
  },
  {
    photo: 'table-rustic-slate-floor.jpg',
    mark: { kind: 'box', x: 0.08, y: 0.3, width: 0.84, height: 0.62 },
    style: 'farmhouse',
    furnitureType: 'table',
    title: 'Rustic reclaimed pine dining table',
    description:
      'Dining table in reclaimed pine with a thick planked top and an H-stretcher base. Seats six. Waxed finish, the knots and saw marks are part of it.',
    price: 260,
    tags: 'dining table, rustic, reclaimed pine, farmhouse',
    state: 'active',
    condition: 'good',
    size: [180, 90, 76],
    pickupArea: 'Chapel Allerton, Leeds',
    delivery: true,
  },
];
