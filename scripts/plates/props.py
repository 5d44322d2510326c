"""
The rooms' own furniture and decor, each placed by its footprint's centre on the floor (x, y) or
on a wall (x, z). Shapes are simple, bevelled and textured: at plate distance a bevel and a
material do more for realism than polygons.
"""
import math
import random

from materials import Nodes, canvas_art, emissive, fabric, metal, painted, pattern_rug, plain, shade, srgb_to_linear
from scene import box, cylinder, plane, point, sphere


def leaf_material(colour):
    n = Nodes('leaf')
    n.set(Base_Color=srgb_to_linear(colour), Roughness=0.4, Specular=0.45)
    return n.mat


def plant(x, y, height=1.4, pot='#e9e4da', leaves='#3f6b3a', seed=1, kind='fig', z=0.0):
    """A potted plant: a fiddle-leaf fig (broad leaves up a stem), a palm (fronds) or a bushy fern."""
    rng = random.Random(seed)
    pot_h = 0.18 + height * 0.14
    pot_r = 0.1 + height * 0.06
    cylinder('pot', pot_r, pot_h, (x, y, z), plain('pot', pot, 0.6), radius_top=pot_r * 1.15)
    cylinder('soil', pot_r * 1.08, 0.01, (x, y, z + pot_h - 0.03), plain('soil', '#3b2b20'))
    leaf = leaf_material(leaves)
    leaf_dark = leaf_material(shade(leaves, -0.25))
    top = z + pot_h
    if kind == 'fig':
        stems = 3
        for s in range(stems):
            lean = rng.uniform(-0.12, 0.12)
            stem_h = height * rng.uniform(0.7, 1.0)
            cylinder('stem', 0.012, stem_h, (x + lean * 0.3, y, top), plain('stem', '#5a4632'), vertices=8)
            for i in range(22):
                t = 0.2 + 0.8 * i / 22
                angle = rng.uniform(0, 2 * math.pi)
                reach = 0.06 + 0.12 * (1 - t)
                lx = x + lean * 0.3 * t + math.cos(angle) * reach
                ly = y + math.sin(angle) * reach
                lz = top + stem_h * t
                size = rng.uniform(0.08, 0.13)
                sphere('leaf', size, (lx, ly, lz), rng.choice((leaf, leaf_dark)), scale=(0.5, 1.0, 0.06),
                       rotation=(rng.uniform(-0.9, -0.3), rng.uniform(-0.3, 0.3), angle - math.pi / 2), segments=12)
    elif kind == 'palm':
        for i in range(11):
            angle = 2 * math.pi * i / 11 + rng.uniform(-0.2, 0.2)
            tilt = rng.uniform(0.5, 1.0)
            length = height * rng.uniform(0.45, 0.65)
            for k in range(7):
                t = (k + 0.5) / 7
                r = length * t * math.sin(tilt)
                lz = top + length * t * math.cos(tilt) + height * 0.25 - (t ** 2) * 0.25 * length
                sphere('frond', 0.07 * (1.2 - t * 0.6), (x + math.cos(angle) * r, y + math.sin(angle) * r, lz),
                       rng.choice((leaf, leaf_dark)), scale=(1.0, 0.35, 0.12), rotation=(0, tilt, angle), segments=8)
    else:
        for i in range(60):
            angle = rng.uniform(0, 2 * math.pi)
            r = rng.uniform(0.02, pot_r * 2.2)
            lz = top + rng.uniform(0.02, height * 0.55) * (1 - r / (pot_r * 3))
            sphere('frond', rng.uniform(0.05, 0.09), (x + math.cos(angle) * r, y + math.sin(angle) * r, lz),
                   rng.choice((leaf, leaf_dark)), scale=(1.0, 0.3, 0.25), rotation=(rng.uniform(-1, 1), 0.3, angle), segments=8)


def trailing_plant(x, y, z, leaves='#4f7a45', pot='#d8d2c6', seed=2):
    """A pothos on a shelf or sill, its vines hanging over the edge."""
    rng = random.Random(seed)
    cylinder('pot', 0.08, 0.12, (x, y, z), plain('pot', pot, 0.6), radius_top=0.09)
    leaf = leaf_material(leaves)
    for v in range(6):
        vx = x + rng.uniform(-0.12, 0.12)
        vy = y - 0.06 - rng.uniform(0, 0.05)
        length = rng.uniform(0.25, 0.6)
        for k in range(int(length / 0.05)):
            sphere('vine_leaf', 0.035, (vx + rng.uniform(-0.02, 0.02), vy, z + 0.1 - k * 0.05), leaf,
                   scale=(1.0, 0.3, 0.8), rotation=(0.3, 0, rng.uniform(-0.6, 0.6)), segments=8)
    for i in range(10):
        a = rng.uniform(0, 2 * math.pi)
        sphere('leaf', 0.045, (x + math.cos(a) * 0.07, y + math.sin(a) * 0.07, z + 0.15), leaf,
               scale=(1.0, 0.3, 0.7), rotation=(0.5, 0, a), segments=8)


def floor_lamp(x, y, shade_colour='#f1ece1', metal_colour='#1d1d1d', on=True, height=1.55):
    m = metal('lamp_metal', metal_colour, 0.4)
    cylinder('lamp_base', 0.14, 0.025, (x, y, 0), m)
    cylinder('lamp_pole', 0.012, height - 0.3, (x, y, 0.025), m, vertices=12)
    shade_mat = lamp_shade(shade_colour, on)
    cylinder('lamp_shade', 0.2, 0.3, (x, y, height - 0.3), shade_mat, radius_top=0.16)
    if on:
        point('lamp_bulb', '#ffcf94', 35, (x, y, height - 0.18), 0.06)


def lamp_shade(colour, on):
    n = Nodes('shade')
    n.set(Base_Color=srgb_to_linear(colour), Roughness=0.9, Specular=0.1)
    if on:
        n.set(Emission=srgb_to_linear('#ffd7a1'), Emission_Strength=0.5)
    return n.mat


def table_lamp(x, y, z, base_colour='#cfc7b8', shade_colour='#f3eee4', on=True):
    cylinder('tlamp_base', 0.08, 0.28, (x, y, z), plain('ceramic', base_colour, 0.3, 0.5), radius_top=0.05)
    cylinder('tlamp_shade', 0.16, 0.22, (x, y, z + 0.28), lamp_shade(shade_colour, on), radius_top=0.12)
    if on:
        point('tlamp_bulb', '#ffcf94', 18, (x, y, z + 0.38), 0.05)


def side_table(x, y, top_colour, round_top=True, height=0.55, legs_colour=None):
    top = plain('side_top', top_colour, 0.45, 0.4)
    if round_top:
        cylinder('side_table_top', 0.24, 0.03, (x, y, height - 0.03), top)
        cylinder('side_table_stem', 0.025, height - 0.05, (x, y, 0.02), metal('side_leg', legs_colour or '#222222'), vertices=12)
        cylinder('side_table_foot', 0.15, 0.02, (x, y, 0), metal('side_leg', legs_colour or '#222222'))
    else:
        box('side_table', (0.45, 0.4, height), (x, y, 0), top)
    return height


def nightstand(x, y, colour, handle='#b8955a', height=0.58):
    wood = plain('nightstand', colour, 0.5, 0.4)
    box('nightstand', (0.5, 0.4, height), (x, y, 0), wood, bevel=0.01)
    box('drawer', (0.44, 0.01, 0.16), (x, y - 0.2, height - 0.22), plain('drawer', shade(colour, 0.05), 0.5))
    sphere('knob', 0.015, (x, y - 0.215, height - 0.14), metal('knob', handle, 0.3))
    return height


def sideboard(x, y, width, colour, height=0.8):
    wood = plain('sideboard', colour, 0.45, 0.4)
    box('sideboard', (width, 0.45, height - 0.15), (x, y, 0.15), wood, bevel=0.01)
    for side in (-1, 1):
        box('sideboard_leg', (0.04, 0.04, 0.15), (x + side * (width / 2 - 0.06), y - 0.15, 0), wood)
        box('sideboard_leg', (0.04, 0.04, 0.15), (x + side * (width / 2 - 0.06), y + 0.15, 0), wood)
    doors = int(max(2, round(width / 0.45)))
    for i in range(1, doors):
        box('door_line', (0.004, 0.005, height - 0.19), (x - width / 2 + i * width / doors, y - 0.226, 0.17), plain('groove', shade(colour, -0.4)))
    return height


def art(x, z, width, height, colours, seed, frame='#1f1f1f', mat_border=0.06, y=0.0):
    """A framed print hung on the back wall, z its bottom edge."""
    box('frame', (width, 0.03, height), (x, y - 0.016, z), plain('frame', frame, 0.4, 0.4), bevel=0.003)
    plane('passepartout', (width - 0.04, height - 0.04), (x, y - 0.032, z + height / 2), plain('mat', '#f6f4ef', 0.9), rotation=(math.pi / 2, 0, 0))
    plane('canvas', (width - 0.04 - 2 * mat_border, height - 0.04 - 2 * mat_border), (x, y - 0.033, z + height / 2),
          canvas_art('canvas', colours, seed), rotation=(math.pi / 2, 0, 0))


def shelf(x, z, width, colour, books=True, seed=3, book_colours=('#8a3b2e', '#2f4d63', '#d9c9a3', '#4a5a3a', '#e8e2d6', '#6b4a34')):
    """A wall shelf with a row of books and a small object."""
    box('shelf', (width, 0.22, 0.03), (x, -0.11, z), plain('shelf', colour, 0.5), bevel=0.003)
    if not books:
        return
    rng = random.Random(seed)
    cursor = x - width / 2 + 0.04
    end = x + width * 0.15
    while cursor < end:
        w = rng.uniform(0.025, 0.045)
        h = rng.uniform(0.17, 0.24)
        box('book', (w, 0.16, h), (cursor + w / 2, -0.1, z + 0.03), plain('book', rng.choice(book_colours), 0.7), bevel=0.002)
        cursor += w + 0.002


def vase_flowers(x, y, z, vase='#e7e1d5', blooms=('#f2c6c2', '#ffffff', '#e9a6a0'), seed=4, stems='#5d7a4a'):
    rng = random.Random(seed)
    cylinder('vase', 0.07, 0.22, (x, y, z), plain('vase', vase, 0.25, 0.6), radius_top=0.05)
    stem = plain('stem', stems, 0.6)
    bloom_mats = [plain('bloom', c, 0.7) for c in blooms]
    for i in range(16):
        a = rng.uniform(0, 2 * math.pi)
        r = rng.uniform(0.02, 0.12)
        h = rng.uniform(0.2, 0.34)
        cylinder('flower_stem', 0.004, h, (x + math.cos(a) * r * 0.3, y + math.sin(a) * r * 0.3, z + 0.18), stem, vertices=6)
        sphere('bloom', rng.uniform(0.022, 0.036), (x + math.cos(a) * r, y + math.sin(a) * r, z + 0.18 + h), rng.choice(bloom_mats), segments=10)


def stoneware(x, y, z, colours=('#d8d2c4', '#8d8a82'), seed=5):
    rng = random.Random(seed)
    for i, c in enumerate(colours):
        h = rng.uniform(0.12, 0.26)
        cylinder('ceramic', rng.uniform(0.05, 0.08), h, (x + i * 0.13, y, z), plain('ceramic', c, 0.35, 0.5), radius_top=rng.uniform(0.03, 0.07))


def books_stack(x, y, z, colours=('#e5ddd0', '#304a5c', '#a7452e')):
    for i, c in enumerate(colours):
        box('book', (0.26 - i * 0.02, 0.19 - i * 0.01, 0.035), (x, y, z + i * 0.036), plain('book', c, 0.7), bevel=0.002, rotation=(0, 0, 0.1 * i))


def rug(x, y, width, depth, kind, colours, border=None):
    """A rug with a bound edge in its second colour (or `border`)."""
    edge = 0.07
    box('rug_border', (width, depth, 0.01), (x, y, 0), fabric('rug_edge', border or colours[1], 1.0, 0.3), bevel=0.004)
    box('rug', (width - 2 * edge, depth - 2 * edge, 0.012), (x, y, 0), pattern_rug('rug', list(colours), kind), bevel=0.002)


def curtain(x, width, top, colour, y=-0.12, drop=None, folds=7, seed=6):
    """A linen curtain panel: a vertical strip bent into folds, hung from a rod."""
    import bmesh
    import bpy
    height = drop or top
    mesh = bpy.data.meshes.new('curtain')
    bm = bmesh.new()
    cols, rows = 48, 4
    verts = []
    for r in range(rows + 1):
        row = []
        for c in range(cols + 1):
            u = c / cols
            px = x - width / 2 + u * width
            py = y - 0.04 * math.sin(u * folds * 2 * math.pi)
            row.append(bm.verts.new((px, py, top - height * r / rows)))
        verts.append(row)
    for r in range(rows):
        for c in range(cols):
            bm.faces.new((verts[r][c], verts[r][c + 1], verts[r + 1][c + 1], verts[r + 1][c]))
    bm.to_mesh(mesh)
    bm.free()
    obj = bpy.data.objects.new('curtain', mesh)
    bpy.context.scene.collection.objects.link(obj)
    for poly in mesh.polygons:
        poly.use_smooth = True
    obj.data.materials.append(fabric('curtain', colour, 1.0, 0.05))
    solid = obj.modifiers.new('thick', 'SOLIDIFY')
    solid.thickness = 0.01
    cylinder('rod', 0.012, width + 0.3, (x - (width + 0.3) / 2, y, top + 0.03), metal('rod', '#2a2a2a'), vertices=12).rotation_euler = (0, math.pi / 2, 0)


def sunburst_mirror(x, z, radius=0.42, colour='#c9a24a'):
    gold = metal('gold', colour, 0.25)
    mirror = Nodes('mirror').set(Base_Color=(0.9, 0.9, 0.9, 1), Metallic=1.0, Roughness=0.05).mat
    cylinder('mirror_glass', radius * 0.45, 0.02, (x, -0.03, z), mirror, vertices=48).rotation_euler = (math.pi / 2, 0, 0)
    cylinder('mirror_ring', radius * 0.5, 0.015, (x, -0.015, z), gold, vertices=48).rotation_euler = (math.pi / 2, 0, 0)
    for i in range(24):
        a = 2 * math.pi * i / 24
        length = radius * (0.5 if i % 2 else 0.4)
        r = radius * 0.5 + length / 2
        ray = box('ray', (0.012, 0.01, length), (x + math.cos(a) * r, -0.02, z + math.sin(a) * r - length / 2), gold, bevel=0)
        ray.rotation_euler = (0, -a + math.pi / 2, 0)


def round_mirror(x, z, radius=0.35, frame='#b08d57'):
    mirror = Nodes('mirror').set(Base_Color=(0.9, 0.9, 0.9, 1), Metallic=1.0, Roughness=0.05).mat
    cylinder('mirror_frame', radius, 0.03, (x, -0.015, z), metal('frame', frame, 0.3), vertices=64).rotation_euler = (math.pi / 2, 0, 0)
    cylinder('mirror_glass', radius * 0.92, 0.03, (x, -0.02, z), mirror, vertices=64).rotation_euler = (math.pi / 2, 0, 0)


def basket(x, y, radius=0.2, height=0.3, colour='#b89b6e'):
    n = Nodes('basket')
    n.set(Base_Color=srgb_to_linear(colour), Roughness=0.9)
    tc = n.node('ShaderNodeTexCoord')
    weave = n.node('ShaderNodeTexChecker', in_Scale=60.0)
    n.link(tc, 'Object', weave, 'Vector')
    bump = n.node('ShaderNodeBump', in_Strength=0.6)
    n.link(weave, 'Fac', bump, 'Height')
    n.link(bump, 'Normal', n.bsdf, 'Normal')
    cylinder('basket', radius, height, (x, y, 0), n.mat, radius_top=radius * 1.1)
    cylinder('throw', radius * 0.9, 0.06, (x, y, height - 0.02), fabric('throw', '#e9e2d3'))


def sconce(x, z, brass='#b58b43'):
    cylinder('sconce_plate', 0.05, 0.01, (x, -0.005, z), metal('brass', brass, 0.3)).rotation_euler = (math.pi / 2, 0, 0)
    cylinder('sconce_shade', 0.08, 0.14, (x, -0.12, z), lamp_shade('#f4ead6', True), radius_top=0.06)
    point('sconce_bulb', '#ffc982', 12, (x, -0.12, z + 0.06), 0.04)


def edison_pendant(x, y, drop, ceiling=2.7):
    cylinder('cord', 0.004, drop, (x, y, ceiling - drop), plain('cord', '#111111'), vertices=6)
    sphere('bulb', 0.05, (x, y, ceiling - drop - 0.04), emissive('bulb', '#ffb765', 6.0), scale=(1, 1, 1.4))
    point('bulb_light', '#ffb765', 10, (x, y, ceiling - drop - 0.04), 0.04)


def fireplace(x, width, colour='#f1ece2', firebox='#1e1b19'):
    stone = plain('mantel', colour, 0.5, 0.4)
    box('fireplace_l', (0.22, 0.3, 1.05), (x - width / 2 + 0.11, -0.15, 0), stone)
    box('fireplace_r', (0.22, 0.3, 1.05), (x + width / 2 - 0.11, -0.15, 0), stone)
    box('fireplace_top', (width, 0.3, 0.25), (x, -0.15, 0.8), stone)
    box('mantel', (width + 0.16, 0.36, 0.06), (x, -0.18, 1.05), stone)
    box('firebox', (width - 0.44, 0.05, 0.8), (x, -0.02, 0), plain('firebox', firebox, 0.9))
    box('hearth', (width + 0.2, 0.45, 0.04), (x, -0.3, 0), plain('hearth', shade(colour, -0.15), 0.6))


def stool(x, y, colour, height=0.45):
    wood = plain('stool', colour, 0.5)
    cylinder('stool_top', 0.17, 0.04, (x, y, height - 0.04), wood)
    for i in range(3):
        a = 2 * math.pi * i / 3
        leg = cylinder('stool_leg', 0.015, height - 0.04, (x + math.cos(a) * 0.11, y + math.sin(a) * 0.11, 0), wood, vertices=8)
        leg.rotation_euler = (math.sin(a) * 0.08, -math.cos(a) * 0.08, 0)


def wall_panels(x, width, z0, z1, colour):
    """Picture-frame moulding on the lower wall, for traditional rooms."""
    moulding = plain('moulding', colour, 0.5, 0.4)
    panels = max(1, round(width / 0.8))
    each = width / panels
    for i in range(panels):
        cx = x - width / 2 + each * (i + 0.5)
        w, h = each - 0.16, z1 - z0 - 0.16
        box('mould_b', (w, 0.02, 0.02), (cx, -0.04, z0 + 0.08), moulding, bevel=0.004)
        box('mould_t', (w, 0.02, 0.02), (cx, -0.04, z0 + 0.08 + h - 0.02), moulding, bevel=0.004)
        box('mould_l', (0.02, 0.02, h), (cx - w / 2, -0.04, z0 + 0.08), moulding, bevel=0.004)
        box('mould_r', (0.02, 0.02, h), (cx + w / 2, -0.04, z0 + 0.08), moulding, bevel=0.004)


def slat_panel(x, width, height, colour, y=-0.02):
    """Vertical wood slats on the back wall (mid-century paneling)."""
    wood = plain('slat', colour, 0.5, 0.35)
    count = int(width / 0.07)
    for i in range(count):
        box('slat', (0.05, 0.02, height), (x - width / 2 + 0.035 + i * 0.07, y, 0.12), wood, bevel=0.003)


def painted_material(colour):
    return painted('paint', colour)
