"""
Building blocks for the room plates: the room shell, simple shapes, the camera and the lights.
Blender's Python (bpy) only; run through build.py, never imported by Node.

Scale is metres. The back wall stands at y = 0 facing the camera, which looks along +y from
y = -CAMERA_DISTANCE, level (vertical lines stay vertical, as in interior photography), so the
engine can read pixels per metre on the floor straight from the horizon (docs/plates.md).
"""
import math

import bpy

from materials import metal, plain, srgb_to_linear

ROOM_WIDTH = 5.2
ROOM_HEIGHT = 2.7
CAMERA_DISTANCE = 4.2
CAMERA_HEIGHT = 1.0
CAMERA_YAW = 0.0
CAMERA_X = 0.0
FOCAL_MM = 28.0
SENSOR_MM = 36.0
WIDTH, HEIGHT = 1536, 1024
HORIZON_ROW = 360


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


def set_view(height=1.0, distance=4.2, yaw=0.0, x=0.0, horizon_row=None):
    """
    Where the room's camera stands: `height` above the floor, `distance` in front of the back wall,
    `x` across, turned `yaw` degrees to its left (positive: it stands right of centre and looks
    into the back-left corner, the back wall receding to the left of the frame). It stays level:
    only the horizon row changes with the height, by a lens shift, so the slots keep their floor.
    """
    global CAMERA_HEIGHT, CAMERA_DISTANCE, CAMERA_YAW, CAMERA_X, HORIZON_ROW
    CAMERA_HEIGHT, CAMERA_DISTANCE, CAMERA_YAW, CAMERA_X = height, distance, yaw, x
    HORIZON_ROW = 360 if horizon_row is None else horizon_row


def camera_depth(point):
    """How far in front of the camera, along its axis, a point on the floor plan (x, y) is."""
    yaw = math.radians(CAMERA_YAW)
    return (point[0] - CAMERA_X) * -math.sin(yaw) + (point[1] + CAMERA_DISTANCE) * math.cos(yaw)


def camera():
    cam_data = bpy.data.cameras.new('camera')
    cam_data.lens = FOCAL_MM
    cam_data.sensor_width = SENSOR_MM
    cam_data.sensor_fit = 'HORIZONTAL'
    # A level camera with its lens shifted up puts the horizon HORIZON_ROW from the top, the way an
    # architectural photographer keeps walls vertical while showing more floor.
    cam_data.shift_y = -(HEIGHT / 2 - HORIZON_ROW) / WIDTH
    cam_data.clip_start = 0.05
    cam = bpy.data.objects.new('camera', cam_data)
    bpy.context.scene.collection.objects.link(cam)
    cam.location = (CAMERA_X, -CAMERA_DISTANCE, CAMERA_HEIGHT)
    cam.rotation_euler = (math.pi / 2, 0, math.radians(CAMERA_YAW))
    bpy.context.scene.camera = cam
    return cam


def sky(strength, sun_elevation, sun_rotation):
    """
    A Nishita daylight sky. Below strength 1 it lights the room more dimly than it looks through
    the windows (camera rays still see it at 1), so a room with large windows can be lit by its
    sun without the sky's physically bright glare drowning the sunlit patch on the floor.
    """
    world = bpy.data.worlds.new('world')
    bpy.context.scene.world = world
    world.use_nodes = True
    tree = world.node_tree
    tree.nodes.clear()
    out = tree.nodes.new('ShaderNodeOutputWorld')
    tex = tree.nodes.new('ShaderNodeTexSky')
    tex.sky_type = 'NISHITA'
    tex.sun_disc = False
    tex.sun_elevation = math.radians(sun_elevation)
    tex.sun_rotation = math.radians(sun_rotation)
    lighting = tree.nodes.new('ShaderNodeBackground')
    lighting.inputs['Strength'].default_value = strength
    tree.links.new(tex.outputs['Color'], lighting.inputs['Color'])
    if strength >= 1.0:
        tree.links.new(lighting.outputs['Background'], out.inputs['Surface'])
        return
    seen = tree.nodes.new('ShaderNodeBackground')
    seen.inputs['Strength'].default_value = 1.0
    tree.links.new(tex.outputs['Color'], seen.inputs['Color'])
    path = tree.nodes.new('ShaderNodeLightPath')
    mix = tree.nodes.new('ShaderNodeMixShader')
    tree.links.new(path.outputs['Is Camera Ray'], mix.inputs['Fac'])
    tree.links.new(lighting.outputs['Background'], mix.inputs[1])
    tree.links.new(seen.outputs['Background'], mix.inputs[2])
    tree.links.new(mix.outputs['Shader'], out.inputs['Surface'])


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
