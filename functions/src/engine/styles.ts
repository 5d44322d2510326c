import type { DesignStyleId } from '@flipstage/core';

export type WallTreatment = 'plain' | 'paneling' | 'shiplap' | 'brick' | 'wainscot' | 'beadboard' | 'plaster';
export type FloorMaterial = 'wood' | 'concrete' | 'tile' | 'marble';
export type RugKind = 'none' | 'kilim' | 'persian' | 'jute' | 'wool' | 'flatweave';

/** Everything the scene renderer needs to know about a look; prompt keywords adjust a copy. */
export interface RoomLook {
  wall: string;
  /** Second wall colour: panel grooves, brick mortar, the lower wall under a chair rail. */
  wallAccent: string;
  treatment: WallTreatment;
  trim: string;
  floor: FloorMaterial;
  floorColour: string;
  rug: RugKind;
  rugColours: [string, string, string];
  /** Tint of the light falling into the room. */
  light: string;
  /** 0 dim … 1 bright. */
  brightness: number;
  window: boolean;
  windowFrame: string;
  plants: number;
  accents: [string, string, string];
  mirror: 'none' | 'round' | 'sunburst';
  drapes: string | null;
}

export const STYLE_LOOKS: Record<DesignStyleId, RoomLook> = {
  modern: {
    wall: '#eeeeec',
    wallAccent: '#dcdcda',
    treatment: 'plain',
    trim: '#f7f7f5',
    floor: 'concrete',
    floorColour: '#b9b7b2',
    rug: 'wool',
    rugColours: ['#d9d6d0', '#3a3a3a', '#8d8a85'],
    light: '#f4f6fa',
    brightness: 0.85,
    window: true,
    windowFrame: '#1e1e1e',
    plants: 1,
    accents: ['#1b1b1b', '#c8c5bf', '#d4a373'],
    mirror: 'none',
    drapes: null,
  },
  midcentury: {
    wall: '#7a4b2c',
    wallAccent: '#5e371f',
    treatment: 'paneling',
    trim: '#5a341d',
    floor: 'wood',
    floorColour: '#c48a4a',
    rug: 'flatweave',
    rugColours: ['#d9a43a', '#2f7f7a', '#efe6d2'],
    light: '#ffd9a0',
    brightness: 0.7,
    window: true,
    windowFrame: '#4a2c18',
    plants: 1,
    accents: ['#e0a526', '#2a8c86', '#c8553d'],
    mirror: 'sunburst',
    drapes: null,
  },
  farmhouse: {
    wall: '#f3efe6',
    wallAccent: '#d9d2c3',
    treatment: 'shiplap',
    trim: '#faf8f2',
    floor: 'wood',
    floorColour: '#9c7650',
    rug: 'jute',
    rugColours: ['#c9ad7f', '#a88a5c', '#efe6d2'],
    light: '#fff4df',
    brightness: 0.85,
    window: true,
    windowFrame: '#f7f5ef',
    plants: 1,
    accents: ['#8d9b86', '#7b7f84', '#c7b08a'],
    mirror: 'round',
    drapes: null,
  },
  industrial: {
    wall: '#9a4a33',
    wallAccent: '#c9bcae',
    treatment: 'brick',
    trim: '#2b2b2b',
    floor: 'concrete',
    floorColour: '#7d7b77',
    rug: 'none',
    rugColours: ['#5b4a3c', '#3a3a3a', '#a08c74'],
    light: '#dfe6ee',
    brightness: 0.6,
    window: true,
    windowFrame: '#161616',
    plants: 1,
    accents: ['#2a2a2a', '#8a5a35', '#c0a060'],
    mirror: 'none',
    drapes: null,
  },
  bohemian: {
    wall: '#c8734e',
    wallAccent: '#b25f3d',
    treatment: 'plaster',
    trim: '#e9d9c4',
    floor: 'wood',
    floorColour: '#8a5a36',
    rug: 'kilim',
    rugColours: ['#a33b2b', '#e0a54a', '#2d5f6b'],
    light: '#ffcf8a',
    brightness: 0.72,
    window: false,
    windowFrame: '#6b4a2f',
    plants: 3,
    accents: ['#d9a65b', '#5b7f4a', '#a33b2b'],
    mirror: 'round',
    drapes: null,
  },
  traditional: {
    wall: '#2f4f3e',
    wallAccent: '#ede3cc',
    treatment: 'wainscot',
    trim: '#f1e8d3',
    floor: 'wood',
    floorColour: '#5e2f1e',
    rug: 'persian',
    rugColours: ['#7e1f23', '#1f2f5a', '#d8b26a'],
    light: '#ffd69a',
    brightness: 0.62,
    window: true,
    windowFrame: '#f1e8d3',
    plants: 0,
    accents: ['#c9a24a', '#7e1f23', '#efe6d2'],
    mirror: 'none',
    drapes: '#7e1f23',
  },
  scandinavian: {
    wall: '#f6f5f1',
    wallAccent: '#e6e4de',
    treatment: 'plain',
    trim: '#fbfbf9',
    floor: 'wood',
    floorColour: '#dcc7a4',
    rug: 'wool',
    rugColours: ['#f1ede4', '#cfc8bb', '#8f8a80'],
    light: '#eef3f8',
    brightness: 0.95,
    window: true,
    windowFrame: '#fbfbf9',
    plants: 1,
    accents: ['#b7c4b0', '#d9cbb8', '#6e7b83'],
    mirror: 'round',
    drapes: null,
  },
  coastal: {
    wall: '#bcd7e2',
    wallAccent: '#f5f8f7',
    treatment: 'beadboard',
    trim: '#fbfcfb',
    floor: 'wood',
    floorColour: '#d8cdb8',
    rug: 'jute',
    rugColours: ['#cdb489', '#b09668', '#f2ede2'],
    light: '#f3fbff',
    brightness: 0.95,
    window: true,
    windowFrame: '#fbfcfb',
    plants: 1,
    accents: ['#3f7c99', '#e8dcc2', '#9cc3cf'],
    mirror: 'round',
    drapes: null,
  },
};
