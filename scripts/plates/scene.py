"""
Building blocks for the room plates: materials, the room shell, the camera and the lights.
Blender's Python (bpy) only; run through build.py, never imported by Node.

Scale is metres. The back wall stands at y = 0 facing the camera, which looks along +y from
y = -CAMERA_DISTANCE, level (vertical lines stay vertical, as in interior photography), so the
engine can read pixels per metre on the floor straight from the horizon (docs/plates.md).
"""
import math

import bpy

ROOM_WIDTH = 5.2
ROOM_HEIGHT = 2.7
CAMERA_DISTANCE = 4.2
CAMERA_HEIGHT = 1.0
FOCAL_MM = 28.0
SENSOR_MM = 36.0
WIDTH, HEIGHT = 1536, 1024
HORIZON_ROW = 360


def srgb_to_linear(hex_colour):
    hex_colour = hex_colour.lstrip('#')
    out = []
    for i in (0, 2, 4):
        c = int(hex_colour[i:i + 2], 16) / 255
        out.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    return (*out, 1.0)


class Nodes:
    """A material's node tree, wired by short calls."""

    def __init__(self, name):
        self.mat = bpy.data.materials.new(name)
        self.mat.use_nodes = True
        self.tree = self.mat.node_tree
        self.tree.nodes.clear()
        self.out = self.tree.nodes.new('ShaderNodeOutputMaterial')
        self.bsdf = self.tree.nodes.new('ShaderNodeBsdfPrincipled')
        self.link(self.bsdf, 0, self.out, 'Surface')

    def node(self, kind, **props):
        n = self.tree.nodes.new(kind)
        for key, value in props.items():
            if key.startswith('in_'):
                n.inputs[key[3:].replace('_', ' ')].default_value = value
            else:
                setattr(n, key, value)
        return n

    def link(self, a, out, b, inp):
        self.tree.links.new(a.outputs[out], b.inputs[inp])

    def coords(self, kind='Object'):
        tc = self.node('ShaderNodeTexCoord')
        return tc, kind

    def set(self, **inputs):
        for key, value in inputs.items():
            self.bsdf.inputs[key.replace('_', ' ')].default_value = value
        return self


def plain(name, colour, roughness=0.85, specular=0.3):
    n = Nodes(name)
    return n.set(Base_Color=srgb_to_linear(colour), Roughness=roughness, Specular=specular).mat


def metal(name, colour, roughness=0.35):
    return Nodes(name).set(Base_Color=srgb_to_linear(colour), Metallic=1.0, Roughness=roughness).mat


def emissive(name, colour, strength):
    n = Nodes(name)
    n.set(Base_Color=srgb_to_linear(colour), Emission=srgb_to_linear(colour), Emission_Strength=strength)
    return n.mat


def _ramp(n, colours, fac_from, out=0, interpolation='LINEAR'):
    ramp = n.node('ShaderNodeValToRGB')
    ramp.color_ramp.interpolation = interpolation
    elems = ramp.color_ramp.elements
    while len(elems) < len(colours):
        elems.new(0.5)
    for i, c in enumerate(colours):
        elems[i].position = i / max(1, len(colours) - 1)
        elems[i].color = srgb_to_linear(c)
    n.link(fac_from, out, ramp, 'Fac')
    return ramp


def _bump(n, height_from, out, strength, distance=0.01):
    bump = n.node('ShaderNodeBump', in_Strength=strength, in_Distance=distance)
    n.link(height_from, out, bump, 'Height')
    n.link(bump, 'Normal', n.bsdf, 'Normal')


def painted(name, colour, roughness=0.9):
    """Matte paint with a faint roller texture, so a wall is not a flat CG plane."""
    n = Nodes(name)
    n.set(Base_Color=srgb_to_linear(colour), Roughness=roughness, Specular=0.25)
    tc = n.node('ShaderNodeTexCoord')
    noise = n.node('ShaderNodeTexNoise', in_Scale=180.0, in_Detail=4.0)
    n.link(tc, 'Object', noise, 'Vector')
    _bump(n, noise, 'Fac', 0.04)
    return n.mat


# Texture rotations that lay a brick texture's courses: along a floor's depth, across a wall
# (shiplap), or up a wall (slats).
FLOOR_DEPTHWISE = (0, 0, math.pi / 2)
WALL_HORIZONTAL = (math.pi / 2, 0, 0)
WALL_VERTICAL = (math.pi / 2, 0, math.pi / 2)


def planks(name, colours, plank_width=0.18, plank_length=1.6, roughness=0.45, lay=FLOOR_DEPTHWISE, groove='#3a2a1e', bump=0.25):
    """Boards (a floor, shiplap or paneling): each board its own shade, a dark groove between, grain along it."""
    n = Nodes(name)
    tc = n.node('ShaderNodeTexCoord')
    mapping = n.node('ShaderNodeMapping')
    mapping.inputs['Rotation'].default_value = lay
    n.link(tc, 'Object', mapping, 'Vector')
    brick = n.node('ShaderNodeTexBrick', offset=0.37, offset_frequency=1, squash=1.0, squash_frequency=1)
    brick.inputs['Scale'].default_value = 1.0
    brick.inputs['Brick Width'].default_value = plank_length
    brick.inputs['Row Height'].default_value = plank_width
    brick.inputs['Mortar Size'].default_value = 0.003
    brick.inputs['Mortar Smooth'].default_value = 0.3
    brick.inputs['Bias'].default_value = 0.0
    n.link(mapping, 'Vector', brick, 'Vector')
    # Per-board shade: the brick texture's random colour between two wood tones.
    brick.inputs['Color1'].default_value = srgb_to_linear(colours[0])
    brick.inputs['Color2'].default_value = srgb_to_linear(colours[1])
    brick.inputs['Mortar'].default_value = srgb_to_linear(groove)
    grain_map = n.node('ShaderNodeMapping')
    grain_map.inputs['Scale'].default_value = (0.6, 18.0, 1.0)
    n.link(mapping, 'Vector', grain_map, 'Vector')
    grain = n.node('ShaderNodeTexNoise', in_Scale=6.0, in_Detail=4.0, in_Distortion=0.4)
    n.link(grain_map, 'Vector', grain, 'Vector')
    tint = n.node('ShaderNodeMixRGB', blend_type='MULTIPLY', in_Fac=0.5)
    n.link(brick, 'Color', tint, 'Color1')
    n.link(grain, 'Color', tint, 'Color2')
    n.link(tint, 'Color', n.bsdf, 'Base Color')
    n.set(Roughness=roughness, Specular=0.35)
    _bump(n, brick, 'Fac', bump, 0.004)
    return n.mat


def brick_wall(name, colours, mortar='#c9c2b6'):
    n = Nodes(name)
    tc = n.node('ShaderNodeTexCoord')
    mapping = n.node('ShaderNodeMapping')
    mapping.inputs['Rotation'].default_value = (math.pi / 2, 0, 0)
    n.link(tc, 'Object', mapping, 'Vector')
    brick = n.node('ShaderNodeTexBrick', offset=0.5, offset_frequency=2)
    for key, value in {'Scale': 1.0, 'Brick Width': 0.215, 'Row Height': 0.075, 'Mortar Size': 0.009, 'Mortar Smooth': 0.2, 'Bias': 0.0}.items():
        brick.inputs[key].default_value = value
    brick.inputs['Color1'].default_value = srgb_to_linear(colours[0])
    brick.inputs['Color2'].default_value = srgb_to_linear(colours[1])
    brick.inputs['Mortar'].default_value = srgb_to_linear(mortar)
    n.link(mapping, 'Vector', brick, 'Vector')
    noise = n.node('ShaderNodeTexNoise', in_Scale=40.0, in_Detail=3.0)
    n.link(mapping, 'Vector', noise, 'Vector')
    grime = n.node('ShaderNodeMixRGB', blend_type='MULTIPLY', in_Fac=0.3)
    n.link(brick, 'Color', grime, 'Color1')
    n.link(noise, 'Color', grime, 'Color2')
    n.link(grime, 'Color', n.bsdf, 'Base Color')
    n.set(Roughness=0.92, Specular=0.2)
    _bump(n, brick, 'Fac', 0.6, 0.01)
    return n.mat


def concrete(name, colour, roughness=0.55):
    n = Nodes(name)
    tc = n.node('ShaderNodeTexCoord')
    noise = n.node('ShaderNodeTexNoise', in_Scale=3.0, in_Detail=5.0, in_Roughness=0.6)
    n.link(tc, 'Object', noise, 'Vector')
    base = srgb_to_linear(colour)
    ramp = _ramp(n, [_shade(colour, -0.12), colour, _shade(colour, 0.08)], noise)
    n.link(ramp, 'Color', n.bsdf, 'Base Color')
    fine = n.node('ShaderNodeTexNoise', in_Scale=300.0, in_Detail=2.0)
    n.link(tc, 'Object', fine, 'Vector')
    _bump(n, fine, 'Fac', 0.05)
    n.set(Roughness=roughness, Specular=0.4)
    del base
    return n.mat


def tiles(name, colour, grout, size=0.3):
    n = Nodes(name)
    tc = n.node('ShaderNodeTexCoord')
    brick = n.node('ShaderNodeTexBrick', offset=0.0, offset_frequency=1)
    for key, value in {'Scale': 1.0, 'Brick Width': size, 'Row Height': size, 'Mortar Size': 0.004, 'Bias': 0.0}.items():
        brick.inputs[key].default_value = value
    brick.inputs['Color1'].default_value = srgb_to_linear(colour)
    brick.inputs['Color2'].default_value = srgb_to_linear(_shade(colour, -0.05))
    brick.inputs['Mortar'].default_value = srgb_to_linear(grout)
    n.link(tc, 'Object', brick, 'Vector')
    n.link(brick, 'Color', n.bsdf, 'Base Color')
    n.set(Roughness=0.3, Specular=0.5)
    _bump(n, brick, 'Fac', 0.3, 0.003)
    return n.mat


def fabric(name, colour, roughness=1.0, weave=0.15):
    n = Nodes(name)
    tc = n.node('ShaderNodeTexCoord')
    wave = n.node('ShaderNodeTexWave', in_Scale=120.0, in_Distortion=2.0)
    n.link(tc, 'Object', wave, 'Vector')
    n.set(Base_Color=srgb_to_linear(colour), Roughness=roughness, Specular=0.2, Sheen=0.5)
    _bump(n, wave, 'Fac', weave, 0.002)
    return n.mat


def pattern_rug(name, colours, kind):
    """Kilim (stepped diamonds), Persian (medallions and a border), jute (woven), stripes or plain wool."""
    n = Nodes(name)
    tc = n.node('ShaderNodeTexCoord')
    if kind == 'jute':
        weave = n.node('ShaderNodeTexChecker', in_Scale=45.0)
        weave.inputs['Color1'].default_value = srgb_to_linear(colours[0])
        weave.inputs['Color2'].default_value = srgb_to_linear(colours[1])
        n.link(tc, 'Object', weave, 'Vector')
        n.link(weave, 'Color', n.bsdf, 'Base Color')
        _bump(n, weave, 'Fac', 0.5, 0.004)
    elif kind == 'stripes':
        wave = n.node('ShaderNodeTexWave', wave_type='BANDS', bands_direction='Y', in_Scale=2.2, in_Distortion=0.0)
        n.link(tc, 'Generated', wave, 'Vector')
        ramp = _ramp(n, colours, wave, 'Fac', 'CONSTANT')
        n.link(ramp, 'Color', n.bsdf, 'Base Color')
    elif kind in ('kilim', 'persian'):
        mapping = n.node('ShaderNodeMapping')
        mapping.inputs['Scale'].default_value = (6.0, 4.0, 1.0) if kind == 'kilim' else (3.0, 2.0, 1.0)
        n.link(tc, 'Generated', mapping, 'Vector')
        vor = n.node('ShaderNodeTexVoronoi', feature='F1', distance='CHEBYCHEV' if kind == 'kilim' else 'EUCLIDEAN', in_Randomness=0.0)
        n.link(mapping, 'Vector', vor, 'Vector')
        ramp = _ramp(n, colours + [colours[0]], vor, 'Distance', 'CONSTANT')
        border = n.node('ShaderNodeTexGradient', gradient_type='QUADRATIC_SPHERE')
        n.link(tc, 'Generated', border, 'Vector')
        mix = n.node('ShaderNodeMixRGB', blend_type='MIX', in_Fac=0.0)
        n.link(ramp, 'Color', mix, 'Color1')
        mix.inputs['Color2'].default_value = srgb_to_linear(colours[1])
        n.link(mix, 'Color', n.bsdf, 'Base Color')
        fine = n.node('ShaderNodeTexNoise', in_Scale=400.0)
        n.link(tc, 'Object', fine, 'Vector')
        _bump(n, fine, 'Fac', 0.3, 0.003)
    else:
        noise = n.node('ShaderNodeTexNoise', in_Scale=90.0, in_Detail=6.0)
        n.link(tc, 'Object', noise, 'Vector')
        ramp = _ramp(n, [_shade(colours[0], -0.06), colours[0]], noise)
        n.link(ramp, 'Color', n.bsdf, 'Base Color')
        _bump(n, noise, 'Fac', 0.4, 0.004)
    n.set(Roughness=1.0, Specular=0.15, Sheen=0.6)
    return n.mat


def canvas_art(name, colours, seed):
    """An abstract painting: soft colour fields from noise through the style's palette."""
    n = Nodes(name)
    tc = n.node('ShaderNodeTexCoord')
    mapping = n.node('ShaderNodeMapping')
    mapping.inputs['Location'].default_value = (seed * 3.7, seed * 1.3, 0)
    n.link(tc, 'Generated', mapping, 'Vector')
    noise = n.node('ShaderNodeTexNoise', in_Scale=1.6, in_Detail=2.0, in_Distortion=1.5)
    n.link(mapping, 'Vector', noise, 'Vector')
    ramp = _ramp(n, colours, noise, 'Fac', 'EASE')
    n.link(ramp, 'Color', n.bsdf, 'Base Color')
    n.set(Roughness=0.7, Specular=0.25)
    return n.mat


def _shade(hex_colour, amount):
    hex_colour = hex_colour.lstrip('#')
    rgb = [int(hex_colour[i:i + 2], 16) for i in (0, 2, 4)]
    target = 255 if amount > 0 else 0
    rgb = [round(c + (target - c) * abs(amount)) for c in rgb]
    return '#' + ''.join(f'{c:02x}' for c in rgb)


shade = _shade


# ------------------------------------------------------------------------------------------------
# Geometry


def box(name, size, location, material, bevel=0.006, rotation=(0, 0, 0)):
    """A box given its full size, standing with its bottom centre at `location`."""
    sx, sy, sz = size
    x, y, z = location
    bpy.ops.mesh.primitive_cube_add(size=1, location=(x, y, z + sz / 2), rotation=rotation)
    obj = bpy.context.object
    obj.name = name
    obj.scale = (sx, sy, sz)
    bpy.ops.object.transform_apply(location=False, rotation=False, scale=True)
    if bevel > 0:
        mod = obj.modifiers.new('bevel', 'BEVEL')
        mod.width = bevel
        mod.segments = 2
    obj.data.materials.append(material)
    return obj


def cylinder(name, radius, height, location, material, vertices=48, radius_top=None, smooth=True):
    x, y, z = location
    if radius_top is None:
        bpy.ops.mesh.primitive_cylinder_add(vertices=vertices, radius=radius, depth=height, location=(x, y, z + height / 2))
    else:
        bpy.ops.mesh.primitive_cone_add(vertices=vertices, radius1=radius, radius2=radius_top, depth=height, location=(x, y, z + height / 2))
    obj = bpy.context.object
    obj.name = name
    if smooth:
        bpy.ops.object.shade_smooth()
    obj.data.materials.append(material)
    return obj


def sphere(name, radius, location, material, scale=(1, 1, 1), rotation=(0, 0, 0), segments=16):
    bpy.ops.mesh.primitive_uv_sphere_add(segments=segments, ring_count=max(6, segments // 2), radius=radius, location=location, rotation=rotation)
    obj = bpy.context.object
    obj.name = name
    obj.scale = scale
    bpy.ops.object.shade_smooth()
    obj.data.materials.append(material)
    return obj


def plane(name, size, location, material, rotation=(0, 0, 0)):
    bpy.ops.mesh.primitive_plane_add(size=1, location=location, rotation=rotation)
    obj = bpy.context.object
    obj.name = name
    obj.scale = (size[0], size[1], 1)
    bpy.ops.object.transform_apply(location=False, rotation=False, scale=True)
    obj.data.materials.append(material)
    return obj


def _wall_with_opening(prefix, material, opening, along, length, centre, thickness, axis):
    """A wall built as four slabs around a rectangular opening (a boolean cut costs more and is fragile)."""
    a0, a1 = opening['from'], opening['to']
    sill, top = opening['sill'], opening['top']
    start, end = centre - length / 2, centre + length / 2
    pieces = [(start, a0, 0, ROOM_HEIGHT), (a1, end, 0, ROOM_HEIGHT), (a0, a1, 0, sill), (a0, a1, top, ROOM_HEIGHT)]
    out = []
    for i, (p0, p1, z0, z1) in enumerate(pieces):
        if p1 - p0 <= 0 or z1 - z0 <= 0:
            continue
        mid = (p0 + p1) / 2
        size = (p1 - p0, thickness, z1 - z0) if axis == 'x' else (thickness, p1 - p0, z1 - z0)
        loc = (mid, along, z0) if axis == 'x' else (along, mid, z0)
        out.append(box(f'{prefix}{i}', size, loc, material, bevel=0))
    return out


def shell(wall_material, floor_material, window=None, side_window=None, trim_colour='#f4f2ec', lower_wall=None):
    """
    Floor, ceiling, the back and side walls, a front wall behind the camera and a skirting board.
    `window` cuts an opening in the back wall: dict(x, width, sill, top). `side_window` cuts one in
    a side wall, out of the frame, for light to fall in from the side: dict(side 'l'|'r', from, to
    (y), sill, top). `lower_wall` (material, height) covers the wall below a chair rail.
    """
    half = ROOM_WIDTH / 2
    depth = CAMERA_DISTANCE + 1.2
    box('floor', (ROOM_WIDTH + 0.4, depth + 0.4, 0.05), (0, -depth / 2 + 0.2, -0.05), floor_material, bevel=0)
    box('ceiling', (ROOM_WIDTH + 0.4, depth + 0.4, 0.05), (0, -depth / 2 + 0.2, ROOM_HEIGHT), plain('ceiling', '#f5f4f0'), bevel=0)
    trim = plain('trim', trim_colour, 0.5, 0.4)
    if window:
        opening = {'from': window['x'] - window['width'] / 2, 'to': window['x'] + window['width'] / 2, 'sill': window['sill'], 'top': window['top']}
        _wall_with_opening('wall_back', wall_material, opening, 0.05, ROOM_WIDTH, 0, 0.1, 'x')
    else:
        box('wall_back', (ROOM_WIDTH, 0.1, ROOM_HEIGHT), (0, 0.05, 0), wall_material, bevel=0)
    for side, sx in (('l', -half - 0.05), ('r', half + 0.05)):
        if side_window and side_window['side'] == side:
            _wall_with_opening(f'wall_{side}', wall_material, side_window, sx, depth, -depth / 2, 0.1, 'y')
        else:
            box(f'wall_{side}', (0.1, depth, ROOM_HEIGHT), (sx, -depth / 2, 0), wall_material, bevel=0)
    box('wall_front', (ROOM_WIDTH, 0.1, ROOM_HEIGHT), (0, -depth - 0.05, 0), plain('front', '#eeeeea'), bevel=0)
    if lower_wall:
        material, height = lower_wall
        box('lower_wall', (ROOM_WIDTH, 0.03, height), (0, -0.015, 0), material, bevel=0.002)
        box('chair_rail', (ROOM_WIDTH, 0.05, 0.05), (0, -0.03, height - 0.01), trim)
    box('skirting', (ROOM_WIDTH, 0.025, 0.12), (0, -0.0125 - (0.03 if lower_wall else 0), 0), trim, bevel=0.003)
    for side, sx in (('l', -half + 0.0125), ('r', half - 0.0125)):
        box(f'skirting_{side}', (0.025, depth, 0.12), (sx, -depth / 2, 0), trim, bevel=0.003)


def window_frame(window, colour, mullions=1, transoms=0):
    """Frame, mullions and a sill for an opening in the back wall."""
    mat = plain('window_frame', colour, 0.4, 0.5) if colour not in ('#1e1e1e', '#222222', '#1b1b1b') else metal('window_frame', colour, 0.5)
    x, w, sill, top = window['x'], window['width'], window['sill'], window['top']
    t = 0.05
    box('frame_l', (t, 0.12, top - sill), (x - w / 2 + t / 2, 0.05, sill), mat)
    box('frame_r', (t, 0.12, top - sill), (x + w / 2 - t / 2, 0.05, sill), mat)
    box('frame_b', (w, 0.12, t), (x, 0.05, sill), mat)
    box('frame_t', (w, 0.12, t), (x, 0.05, top - t), mat)
    for i in range(1, mullions + 1):
        box(f'mullion{i}', (0.03, 0.06, top - sill), (x - w / 2 + i * w / (mullions + 1), 0.06, sill), mat)
    for i in range(1, transoms + 1):
        box(f'transom{i}', (w, 0.06, 0.03), (x, 0.06, sill + i * (top - sill) / (transoms + 1)), mat)
    box('sill', (w + 0.12, 0.2, 0.03), (x, -0.03, sill - 0.03), plain('sill', '#f2f0ea', 0.4))


def camera(yaw_degrees=0.0, x=0.0):
    cam_data = bpy.data.cameras.new('camera')
    cam_data.lens = FOCAL_MM
    cam_data.sensor_width = SENSOR_MM
    cam_data.sensor_fit = 'HORIZONTAL'
    # A level camera with its lens shifted up puts the horizon HORIZON_ROW from the top, the way an
    # architectural photographer keeps walls vertical while showing more floor.
    cam_data.shift_y = -(HEIGHT / 2 - HORIZON_ROW) / WIDTH
    cam = bpy.data.objects.new('camera', cam_data)
    bpy.context.scene.collection.objects.link(cam)
    cam.location = (x, -CAMERA_DISTANCE, CAMERA_HEIGHT)
    cam.rotation_euler = (math.pi / 2, 0, math.radians(yaw_degrees))
    bpy.context.scene.camera = cam
    return cam


def sky(strength, sun_elevation, sun_rotation):
    world = bpy.data.worlds.new('world')
    bpy.context.scene.world = world
    world.use_nodes = True
    tree = world.node_tree
    tree.nodes.clear()
    out = tree.nodes.new('ShaderNodeOutputWorld')
    bg = tree.nodes.new('ShaderNodeBackground')
    tex = tree.nodes.new('ShaderNodeTexSky')
    tex.sky_type = 'NISHITA'
    tex.sun_disc = False
    tex.sun_elevation = math.radians(sun_elevation)
    tex.sun_rotation = math.radians(sun_rotation)
    bg.inputs['Strength'].default_value = strength
    tree.links.new(tex.outputs['Color'], bg.inputs['Color'])
    tree.links.new(bg.outputs['Background'], out.inputs['Surface'])


def sun(colour, strength, elevation, azimuth, angle=3.0):
    """Sunlight; azimuth 0 shines along +y (into the back wall), 90 from the left."""
    data = bpy.data.lights.new('sun', 'SUN')
    data.energy = strength
    data.color = srgb_to_linear(colour)[:3]
    data.angle = math.radians(angle)
    obj = bpy.data.objects.new('sun', data)
    bpy.context.scene.collection.objects.link(obj)
    # The light points along its local -z; tilt it down from the horizontal by the elevation.
    obj.rotation_euler = (math.radians(90 - elevation), 0, math.radians(-azimuth))
    return obj


def area(name, colour, power, location, size, rotation, camera_visible=False):
    data = bpy.data.lights.new(name, 'AREA')
    data.energy = power
    data.color = srgb_to_linear(colour)[:3]
    data.shape = 'RECTANGLE'
    data.size, data.size_y = size
    obj = bpy.data.objects.new(name, data)
    bpy.context.scene.collection.objects.link(obj)
    obj.location = location
    obj.rotation_euler = rotation
    obj.visible_camera = camera_visible
    return obj


def point(name, colour, power, location, radius=0.05):
    data = bpy.data.lights.new(name, 'POINT')
    data.energy = power
    data.color = srgb_to_linear(colour)[:3]
    data.shadow_soft_size = radius
    obj = bpy.data.objects.new(name, data)
    bpy.context.scene.collection.objects.link(obj)
    obj.location = location
    return obj
