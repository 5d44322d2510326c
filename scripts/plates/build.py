"""
Renders one room plate and writes its geometry (docs/plates.md).

    blender -b --factory-startup -P scripts/plates/build.py -- <plate-id> <out-dir> [samples] [mask|preview]

Writes <out-dir>/<id>.png (the plate, display-referred sRGB), <id>.json (geometry) and, when the
room has foreground objects, <id>.occluder.png (their mask). With `mask`, only that mask: a few
samples are enough for an object index, so a plate's cut-outs can be remade in seconds. With
`preview`, the plate at a third of its size, to judge a room's framing and light quickly.
scripts/render-plates.mjs turns these into the committed JPEG and occluder cut-outs. The noise
clean-up is compositor.py's.
"""
import json
import math
import os
import sys

import bpy
from bpy_extras.object_utils import world_to_camera_view
from mathutils import Vector

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import materials  # noqa: E402
import scene  # noqa: E402
from compositor import denoise_compositor, mask_compositor  # noqa: E402
from more_rooms import FEATURE_ROOMS  # noqa: E402
from rooms import ROOMS, build_room  # noqa: E402

ALL_ROOMS = ROOMS + FEATURE_ROOMS

FURNITURE_TYPES = ('dresser', 'sofa', 'table', 'chair', 'coffee', 'bed', 'desk', 'bookcase')

# Where each type stands, in metres: x of its centre, y of its nearest floor contact (the back wall
# is y = 0), and the widest it may be drawn there. Every room keeps this floor clear.
SLOTS = {
    'dresser': (0.0, -0.55, 1.7),
    'bookcase': (0.0, -0.45, 1.2),
    'desk': (0.0, -0.8, 1.7),
    'sofa': (0.0, -1.05, 2.5),
    'chair': (0.0, -1.15, 1.0),
    'table': (0.0, -1.9, 2.1),
    'coffee': (0.0, -1.95, 1.4),
    'bed': (0.0, -2.25, 2.2),
}


def reset():
    bpy.ops.wm.read_factory_settings(use_empty=True)


def configure(samples, exposure, look):
    sc = bpy.context.scene
    sc.render.engine = 'CYCLES'
    sc.cycles.device = 'CPU'
    sc.cycles.samples = samples
    sc.cycles.use_adaptive_sampling = True
    sc.cycles.adaptive_threshold = 0.03
    sc.cycles.max_bounces = 4
    sc.cycles.diffuse_bounces = 2
    sc.cycles.glossy_bounces = 2
    sc.cycles.transmission_bounces = 2
    sc.cycles.transparent_max_bounces = 4
    sc.cycles.sample_clamp_indirect = 4.0
    sc.cycles.caustics_reflective = False
    sc.cycles.caustics_refractive = False
    sc.cycles.blur_glossy = 1.0
    sc.cycles.use_denoising = False
    sc.render.resolution_x = scene.WIDTH
    sc.render.resolution_y = scene.HEIGHT
    sc.render.resolution_percentage = 100
    sc.render.film_transparent = False
    sc.view_settings.view_transform = 'Filmic'
    sc.view_settings.look = look
    sc.view_settings.exposure = exposure
    sc.render.image_settings.file_format = 'PNG'
    sc.render.image_settings.color_mode = 'RGB'
    sc.render.image_settings.color_depth = '8'
    sc.render.threads_mode = 'FIXED'
    sc.render.threads = os.cpu_count() or 2


def project(point):
    sc = bpy.context.scene
    co = world_to_camera_view(sc, sc.camera, Vector(point))
    return (round(co.x * scene.WIDTH, 1), round((1 - co.y) * scene.HEIGHT, 1))


def clip_to_frame(polygon):
    """Sutherland–Hodgman against the image rectangle."""
    def clip(points, inside, cut):
        out = []
        for i, cur in enumerate(points):
            prev = points[i - 1]
            if inside(cur):
                if not inside(prev):
                    out.append(cut(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cut(prev, cur))
        return out

    def at_x(x):
        return lambda a, b: (x, round(a[1] + (b[1] - a[1]) * (x - a[0]) / (b[0] - a[0]), 1))

    def at_y(y):
        return lambda a, b: (round(a[0] + (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]), 1), y)

    pts = polygon
    pts = clip(pts, lambda p: p[0] >= 0, at_x(0))
    pts = clip(pts, lambda p: p[0] <= scene.WIDTH, at_x(scene.WIDTH))
    pts = clip(pts, lambda p: p[1] >= 0, at_y(0))
    pts = clip(pts, lambda p: p[1] <= scene.HEIGHT, at_y(scene.HEIGHT))
    return [list(p) for p in pts]


def floor_in_view(points, nearest=0.3):
    """The floor plan's polygon cut where it comes nearer the camera than `nearest` (a turned camera has floor behind it)."""
    out = []
    for i, cur in enumerate(points):
        prev = points[i - 1]
        dc, dp = scene.camera_depth(cur), scene.camera_depth(prev)
        if (dc >= nearest) != (dp >= nearest):
            t = (nearest - dp) / (dc - dp)
            out.append((prev[0] + (cur[0] - prev[0]) * t, prev[1] + (cur[1] - prev[1]) * t))
        if dc >= nearest:
            out.append(cur)
    return out


def geometry(room):
    yaw = math.radians(scene.CAMERA_YAW)
    ahead = (scene.CAMERA_X - math.sin(yaw) * 1000.0, -scene.CAMERA_DISTANCE + math.cos(yaw) * 1000.0, scene.CAMERA_HEIGHT)
    horizon = project(ahead)[1]
    focal_px = scene.FOCAL_MM / scene.SENSOR_MM * scene.WIDTH
    half = scene.ROOM_WIDTH / 2
    near = -scene.CAMERA_DISTANCE - 1.2
    plan = floor_in_view([(-half, 0), (half, 0), (half, near), (-half, near)])
    floor = [project((x, y, 0)) for x, y in plan]
    slots = {}
    for kind, (x, y, max_width) in SLOTS.items():
        px, py = project((x, y, 0))
        slots[kind] = {'x': px, 'y': py, 'maxWidthM': room.get('max_width', {}).get(kind, max_width)}
    light = room['light']
    travel = Vector((math.sin(math.radians(light['azimuth'])), math.cos(math.radians(light['azimuth'])), 0))
    base = Vector((SLOTS['dresser'][0], -1.0, 0))
    a, b = project(base), project(base + travel * 0.5)
    d = (b[0] - a[0], b[1] - a[1])
    norm = math.hypot(*d) or 1.0
    # Where the light comes from as the photo shows it: shadows falling rightwards come from the left.
    dx, dy = d[0] / norm, d[1] / norm
    side = 'left' if dx > 0.25 else 'right' if dx < -0.25 else ('front' if dy < 0 else 'back')
    return {
        'id': room['id'],
        'style': room['style'],
        'room': room['room'],
        'width': scene.WIDTH,
        'height': scene.HEIGHT,
        'camera': {'heightM': scene.CAMERA_HEIGHT, 'horizonY': horizon, 'focalPx': round(focal_px, 1),
                   'yawDeg': scene.CAMERA_YAW},
        'view': 'front' if abs(scene.CAMERA_YAW) < 15 else 'three-quarter',
        'floor': {'backY': project((0, 0, 0))[1], 'polygon': clip_to_frame(floor)},
        'slots': slots,
        'light': {
            'side': side,
            'direction': [round(d[0] / norm, 3), round(d[1] / norm, 3)],
            'elevationDeg': light['elevation'],
            'colour': light['colour'],
        },
        'tags': sorted(room['tags']),
    }


def mean_brightness(path):
    image = bpy.data.images.load(path)
    pixels = list(image.pixels)
    bpy.data.images.remove(image)
    count = len(pixels) // 4
    return sum(0.2126 * pixels[i * 4] + 0.7152 * pixels[i * 4 + 1] + 0.0722 * pixels[i * 4 + 2] for i in range(count)) / count


def auto_expose(room, out_dir):
    """
    Meters the room as a photographer would: small quick renders, then the exposure that brings
    the frame's mean brightness to the room's key (bright rooms higher, moody ones lower), found
    by the secant method because the Filmic curve is not linear.
    """
    target = 0.6 if 'bright' in room['tags'] else 0.36 if 'dark' in room['tags'] else 0.5
    sc = bpy.context.scene
    sc.render.resolution_percentage = 12
    sc.render.use_compositing = False
    sc.cycles.samples = 8
    path = os.path.join(out_dir, f'.{room["id"]}.meter.png')
    sc.render.filepath = path
    points = []
    exposure = sc.view_settings.exposure
    for _ in range(3):
        sc.view_settings.exposure = exposure
        bpy.ops.render.render(write_still=True)
        points.append((exposure, mean_brightness(path)))
        if abs(points[-1][1] - target) < 0.015:
            break
        if len(points) == 1:
            exposure += (target - points[-1][1]) * 6.0
        else:
            (e0, m0), (e1, m1) = points[-2], points[-1]
            slope = (m1 - m0) / (e1 - e0) if e1 != e0 else 1 / 6.0
            exposure = e1 + (target - m1) / max(slope, 0.02)
        exposure = max(-4.0, min(4.0, exposure))
    os.remove(path)
    sc.render.resolution_percentage = 100
    sc.render.use_compositing = True
    return sc.view_settings.exposure


# The row the bed's slot, the nearest, should stand on: low in the frame with floor still below it.
BED_ROW = 945


def place_camera(room):
    """The room's viewpoint, its lens shifted so the nearest slot stands at BED_ROW whatever its height."""
    view = room.get('view', {})
    scene.set_view(view.get('height', 1.0), view.get('distance', 4.2), view.get('yaw', 0.0), view.get('x', 0.0))
    if not view:
        return
    focal_px = scene.FOCAL_MM / scene.SENSOR_MM * scene.WIDTH
    bed = SLOTS['bed']
    row = BED_ROW - focal_px * scene.CAMERA_HEIGHT / scene.camera_depth(bed[:2])
    if not 120 <= row <= 460:
        raise SystemExit(f'{room["id"]}: the horizon would stand at row {row:.0f}; move the camera')
    scene.set_view(scene.CAMERA_HEIGHT, scene.CAMERA_DISTANCE, scene.CAMERA_YAW, scene.CAMERA_X, round(row))


def build(room, samples, exposure):
    reset()
    configure(samples, exposure, room.get('look', 'Medium High Contrast'))
    place_camera(room)
    scene.camera()
    light = room['light']
    scene.sky(room.get('sky', 1.0), max(light['elevation'], 8), 180 - light['azimuth'])
    if light.get('sun', True):
        scene.sun(light['colour'], light.get('strength', 4.0), light['elevation'], light['azimuth'], light.get('angle', 4.0))
    # Fill from behind the camera, as from a window in the front wall: it keeps shadows open the
    # way a real room's bounce light does, and lights directly what Cycles would otherwise reach
    # only through noisy bounces.
    scene.area('fill', room.get('fill_colour', '#f4f1ea'), room.get('fill', 260.0),
               (0, -scene.CAMERA_DISTANCE - 0.9, 1.9), (3.2, 1.4), (math.radians(80), 0, 0))
    # The world outside the windows: sunlit ground below the horizon rather than the sky's dark underside.
    scene.plane('ground', (120, 120), (0, 0, -0.06), materials.concrete('ground', '#7f8a5e', roughness=0.95))
    build_room(room)


def main():
    argv = sys.argv[sys.argv.index('--') + 1:]
    plate_id, out_dir = argv[0], argv[1]
    samples = int(argv[2]) if len(argv) > 2 else 96
    mode = argv[3] if len(argv) > 3 else 'plate'
    mask_only = mode == 'mask'
    room = next((r for r in ALL_ROOMS if r['id'] == plate_id), None)
    if room is None:
        raise SystemExit(f'No room called {plate_id}; rooms: {", ".join(r["id"] for r in ALL_ROOMS)}')
    os.makedirs(out_dir, exist_ok=True)
    if 'dark' in room['tags']:
        # A dark room is lit mostly by bounces and small lamps: at 6 samples its walls are grainy.
        samples = max(samples, 10)
    occluder = os.path.join(out_dir, f'{plate_id}.occluder') if room.get('occluders') else None
    exposure = room.get('exposure', 0.0)
    build(room, samples, exposure)
    if mask_only:
        if not occluder:
            raise SystemExit(f'{plate_id} has no foreground objects')
        bpy.context.scene.cycles.samples = 4
        mask_compositor(occluder)
        bpy.ops.render.render()
        return
    auto_expose(room, out_dir)
    bpy.context.scene.cycles.samples = samples
    if mode == 'preview':
        # A third of the size: enough to judge the framing and the light in seconds.
        bpy.context.scene.render.resolution_percentage = 33
    denoise_compositor(occluder)
    bpy.context.scene.render.filepath = os.path.join(out_dir, f'{plate_id}.png')
    bpy.ops.render.render(write_still=True)
    data = geometry(room)
    with open(os.path.join(out_dir, f'{plate_id}.json'), 'w') as f:
        json.dump(data, f, indent=2)
        f.write('\n')


main()
