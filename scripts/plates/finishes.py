"""
Feature walls and the larger pieces of the feature rooms (more_rooms.py): a brick, concrete,
plaster or panelled back wall laid over the painted shell, a framed opening in a side wall, a
fireplace with its logs, and built-in shelves. Blender's Python (bpy) only.
"""
import math
import random

import materials as m
from materials import plain
from props import shelf
from scene import ROOM_HEIGHT, ROOM_WIDTH, box, cylinder, point


def back_veneer(material, height=ROOM_HEIGHT, thickness=0.02):
    """A finish over the whole back wall (or its lower `height`), in front of the paint."""
    box('veneer', (ROOM_WIDTH, thickness, height), (0, -thickness / 2, 0), material, bevel=0.002)


def side_frame(side, y0, y1, sill, top, colour, mullions=2):
    """The frame, glazing bars and sill of an opening cut in the left ('l') or right side wall."""
    mat = plain('side_frame', colour, 0.4, 0.5)
    x = (-1 if side == 'l' else 1) * (ROOM_WIDTH / 2 + 0.02)
    length = y1 - y0
    t = 0.05
    box('sframe_a', (0.12, t, top - sill), (x, y0 + t / 2, sill), mat)
    box('sframe_b', (0.12, t, top - sill), (x, y1 - t / 2, sill), mat)
    box('sframe_t', (0.12, length, t), (x, (y0 + y1) / 2, top - t), mat)
    box('sframe_s', (0.2, length + 0.1, 0.03), (x - (0.04 if side == 'r' else -0.04), (y0 + y1) / 2, sill - 0.03), mat)
    for i in range(1, mullions + 1):
        box('smullion', (0.06, 0.03, top - sill), (x, y0 + i * length / (mullions + 1), sill), mat)


def fireplace(x, width, surround, firebox='#1c1917', lit=False, seed=2):
    """A chimney breast's fireplace on the back wall: surround, mantel shelf, hearth and a stack of logs."""
    stone = plain('mantel', surround, 0.5, 0.4)
    # The jambs stop under the lintel: overlapping boxes with coplanar faces render as dark patches.
    box('fireplace_l', (0.22, 0.3, 0.8), (x - width / 2 + 0.11, -0.15, 0), stone)
    box('fireplace_r', (0.22, 0.3, 0.8), (x + width / 2 - 0.11, -0.15, 0), stone)
    box('fireplace_top', (width, 0.3, 0.25), (x, -0.15, 0.8), stone)
    box('mantel', (width + 0.16, 0.36, 0.06), (x, -0.18, 1.05), stone)
    box('firebox', (width - 0.44, 0.05, 0.8), (x, -0.02, 0), plain('firebox', firebox, 0.9))
    box('hearth', (width + 0.2, 0.45, 0.04), (x, -0.3, 0), plain('hearth', m.shade(surround, -0.15), 0.6))
    rng = random.Random(seed)
    bark = plain('log', '#5b4330', 0.9)
    length = width * 0.42
    for i in range(5):
        r = rng.uniform(0.05, 0.07)
        centre_z = 0.04 + r + (i // 3) * 0.11
        # A cylinder stands on its base; laid on its side it turns about its middle.
        log = cylinder('log', r, length, (x + (i % 3 - 1) * 0.03, -0.1 - (i % 3) * 0.07, centre_z - length / 2), bark, vertices=12)
        log.rotation_euler = (0, math.pi / 2, rng.uniform(-0.15, 0.15))
    if lit:
        point('fire', '#ff9a3c', 60, (x, -0.25, 0.3), 0.2)


def built_in_shelves(x, width, colour, seed=5, rows=(0.45, 0.85, 1.25, 1.65, 2.05)):
    """Shelves from floor to ceiling in an alcove of the back wall, mostly books."""
    wood = plain('built_in', colour, 0.5, 0.35)
    box('cabinet', (width, 0.35, 0.4), (x, -0.175, 0), wood, bevel=0.004)
    for side in (-1, 1):
        box('upright', (0.03, 0.3, ROOM_HEIGHT - 0.4), (x + side * (width / 2 - 0.015), -0.15, 0.4), wood, bevel=0.003)
    for i, z in enumerate(rows):
        shelf(x, z, width - 0.06, colour, books=i != 2, seed=seed + i)


def concrete_wall(colour):
    return m.concrete('concrete_wall', colour, roughness=0.8)
