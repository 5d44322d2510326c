/** The demo seller's listings: real samples (samples/*.jpg) staged through the engine on first start. */
import type { DesignStyleId, FurnitureTypeId, ItemState } from '@flipstage/core';

export interface SeedListing {
  sample: string;
  style: DesignStyleId;
  furnitureType: FurnitureTypeId;
  title: string;
  description: string;
  price: number;
  tags: string;
  state: ItemState;
}

export const SEED_LISTINGS: readonly SeedListing[] = [
  {
    sample: 'bookcase-walnut.jpg',
    style: 'traditional',
    furnitureType: 'bookcase',
    title: 'Tall walnut bookcase',
    description: 'Five-shelf walnut-stained bookcase, sturdy and level. Adjustable middle shelves. Books not included.',
    price: 120,
    tags: 'bookcase, walnut, storage',
    state: 'sold',
  },
  {
    sample: 'desk-white.jpg',
    style: 'scandinavian',
    furnitureType: 'desk',
    title: 'White writing desk with drawers',
    description:
      'Writing desk with three drawers, repainted in soft white with brushed steel pulls. Fits a laptop and monitor.',
    price: 150,
    tags: 'desk, white, home office',
    state: 'active',
  },
  {
    sample: 'bed-navy.jpg',
    style: 'coastal',
    furnitureType: 'bed',
    title: 'Upholstered queen bed frame',
    description: 'Queen bed frame with a navy upholstered headboard and solid wood slats. No box spring needed.',
    price: 260,
    tags: 'bed, queen, navy, upholstered',
    state: 'active',
  },
  {
    sample: 'coffee-table-walnut.jpg',
    style: 'midcentury',
    furnitureType: 'coffee',
    title: 'Walnut coffee table with shelf',
    description:
      'Mid-century style walnut coffee table with a lower shelf for magazines. Light wear on one corner, priced to match.',
    price: 140,
    tags: 'coffee table, walnut, mid-century',
    state: 'active',
  },
  {
    sample: 'table-oak.jpg',
    style: 'farmhouse',
    furnitureType: 'table',
    title: 'Oak dining table for six',
    description:
      'Solid oak dining table that seats six, sanded and finished with hard-wax oil. Tapered legs, no wobble.',
    price: 290,
    tags: 'dining table, oak, farmhouse',
    state: 'active',
  },
  {
    sample: 'armchair-green.jpg',
    style: 'bohemian',
    furnitureType: 'chair',
    title: 'Emerald velvet armchair',
    description:
      'Deep-seated armchair reupholstered in emerald velvet with walnut legs. No stains, no wear, pet-free home.',
    price: 180,
    tags: 'armchair, velvet, green, accent chair',
    state: 'active',
  },
  {
    sample: 'sofa-grey.jpg',
    style: 'modern',
    furnitureType: 'sofa',
    title: 'Three-seat sofa in dove grey',
    description: 'Comfortable three-seat sofa with removable, freshly cleaned cushion covers. Smoke-free home.',
    price: 320,
    tags: 'sofa, grey, living room',
    state: 'sold',
  },
  {
    sample: 'dresser-blue.jpg',
    style: 'farmhouse',
    furnitureType: 'dresser',
    title: 'Painted six-drawer dresser',
    description: 'Solid pine dresser refinished in navy chalk paint with antique brass knobs. Drawers glide smoothly.',
    price: 240,
    tags: 'dresser, navy, painted, pine',
    state: 'active',
  },
  {
    sample: 'sofa-grey.jpg',
    style: 'scandinavian',
    furnitureType: 'sofa',
    title: 'Low-profile grey sofa, Nordic style',
    description: 'Clean-lined sofa on slim legs, ideal for a small apartment. Cushions re-stuffed last month.',
    price: 295,
    tags: 'sofa, grey, scandinavian, small space',
    state: 'active',
  },
  {
    sample: 'armchair-green.jpg',
    style: 'midcentury',
    furnitureType: 'chair',
    title: 'Mid-century reading chair',
    description: 'Velvet lounge chair with a generous seat. Pairs well with a floor lamp and a side table.',
    price: 165,
    tags: 'armchair, mid-century, reading chair',
    state: 'active',
  },
  {
    sample: 'dresser-blue.jpg',
    style: 'industrial',
    furnitureType: 'dresser',
    title: 'Navy chest of drawers, loft look',
    description: 'Painted chest with six deep drawers and brass hardware. Looks sharp against brick or concrete.',
    price: 225,
    tags: 'dresser, chest of drawers, industrial',
    state: 'active',
  },
  {
    sample: 'table-oak.jpg',
    style: 'industrial',
    furnitureType: 'table',
    title: 'Oiled oak table for a loft',
    description: 'Chunky oak dining table, oiled finish, seats six. Local pickup, I can help load.',
    price: 310,
    tags: 'dining table, oak, industrial',
    state: 'active',
  },
];
