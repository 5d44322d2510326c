"""
The plate library's rooms: three per design style (a living room, a bedroom, a dining room that
is also a work corner), in the style's materials and palette (core/src/catalog.ts), varied in
window, light and props. Every room keeps the slot floor clear (build.SLOTS: within ±1.35 m of
the centre, from the back wall to 2.6 m in front of it); the room's own furniture stands beside it.
"""
import bpy

import materials as m
import props as p
import scene as s

# What a room holds, collected as it is built: the plate's tags (docs/plates.md).
TAGS = set()


def occluding(make):
    """Objects made by `make` stand in front of the piece: their mask is rendered for the compositor."""
    before = set(bpy.data.objects)
    make()
    for obj in set(bpy.data.objects) - before:
        obj.pass_index = 1


def tag(*names):
    TAGS.update(names)


# ------------------------------------------------------------------------------------------------
# Style kits: the materials and objects a style is made of.

KITS = {
    'modern': {
        'wall': lambda: m.painted('wall', '#efefec'),
        'wall_tags': ('white-walls',), 'floor_tags': ('concrete',),
        'floor': lambda: m.concrete('floor', '#bfbcb6', roughness=0.35),
        'trim': '#f6f6f4', 'window_frame': '#1e1e1e', 'grid': (0, 0),
        'rug': ('stripes', ('#cfcac2', '#8f8b85', '#cfcac2', '#3b3b3b')), 'art': ['#f2f0ec', '#1c1c1c', '#c9c4bb', '#d4a373'],
        'art_frame': '#1c1c1c', 'pot': '#2b2b2b', 'leaves': '#355e32', 'wood': '#d8c3a5', 'metal': '#1e1e1e',
        'shade': '#f4f2ee', 'curtain': None, 'flowers': ('#ffffff', '#f0ede6', '#dcd7cd'), 'vase': '#1f1f1f',
    },
    'midcentury': {
        'wall': lambda: m.painted('wall', '#e9dfcc'),
        'wall_tags': (), 'floor_tags': ('wood-floor',),
        'floor': lambda: m.planks('floor', ('#c58d4e', '#b37a3f'), plank_width=0.12, plank_length=0.9, roughness=0.4),
        'trim': '#e9dfcc', 'window_frame': '#4a2c18', 'grid': (2, 0),
        'rug': ('stripes', ('#d9a43a', '#efe6d2', '#2f7f7a', '#efe6d2')), 'art': ['#e0a526', '#2a8c86', '#c8553d', '#f1e6cf'],
        'art_frame': '#5a341d', 'pot': '#e0a526', 'leaves': '#2f5e2c', 'wood': '#6e4122', 'metal': '#b58b43',
        'shade': '#f3e7cf', 'curtain': None, 'flowers': ('#e0a526', '#c8553d', '#f4e9d4'), 'vase': '#2a8c86',
    },
    'farmhouse': {
        'wall_tags': ('white-walls', 'panelling',), 'floor_tags': ('wood-floor',),
        'wall': lambda: m.planks('wall', ('#f3efe6', '#efeadf'), plank_width=0.2, plank_length=8.0, roughness=0.85,
                                 lay=m.WALL_HORIZONTAL, groove='#b8b0a0', bump=0.5),
        'floor': lambda: m.planks('floor', ('#9c7650', '#8a6541'), plank_width=0.24, plank_length=2.2, roughness=0.6),
        'trim': '#faf8f2', 'window_frame': '#f7f5ef', 'grid': (1, 2),
        'rug': ('jute', ('#c9ad7f', '#a88a5c')), 'art': ['#efe9dc', '#a9b49a', '#6f7d62', '#d8c8a8'],
        'art_frame': '#8a6541', 'pot': '#9aa0a3', 'leaves': '#4a6e3f', 'wood': '#a27a52', 'metal': '#8d9396',
        'shade': '#f4efe4', 'curtain': '#f1ece1', 'flowers': ('#ffffff', '#f6efe1', '#e8d9b6'), 'vase': '#9aa0a3',
    },
    'industrial': {
        'wall_tags': ('brick',), 'floor_tags': ('concrete',),
        'wall': lambda: m.brick_wall('wall', ('#8e4a35', '#7a3d2c'), mortar='#b9ab98'),
        'floor': lambda: m.concrete('floor', '#8f8c87', roughness=0.6),
        'trim': '#2a2a2a', 'window_frame': '#1e1e1e', 'grid': (3, 2),
        'rug': ('wool', ('#6f6a63', '#2f2f2f', '#8a857c')), 'art': ['#e9e4da', '#2a2a2a', '#8a8175', '#b7553a'],
        'art_frame': '#1b1b1b', 'pot': '#4a4a48', 'leaves': '#3d5e34', 'wood': '#6b4a34', 'metal': '#222222',
        'shade': '#2a2a2a', 'curtain': None, 'flowers': ('#d9cfc0', '#b7553a', '#efe8dc'), 'vase': '#4a4a48',
    },
    'bohemian': {
        'wall_tags': (), 'floor_tags': ('wood-floor',),
        'wall': lambda: m.painted('wall', '#c9805c'),
        'floor': lambda: m.planks('floor', ('#8a5a36', '#7a4c2c'), plank_width=0.16, plank_length=1.4, roughness=0.6),
        'trim': '#efe3d0', 'window_frame': '#efe3d0', 'grid': (1, 1),
        'rug': ('kilim', ('#a8432c', '#e7c07a', '#2f4f63', '#d98c4a')), 'art': ['#e7c07a', '#a8432c', '#2f4f63', '#efe3d0'],
        'art_frame': '#c8a06a', 'pot': '#b5651d', 'leaves': '#3f6b32', 'wood': '#8a5a36', 'metal': '#b58b43',
        'shade': '#e7d3b0', 'curtain': '#e9c9a0', 'flowers': ('#e7c07a', '#d9704a', '#f2e2c6'), 'vase': '#b5651d',
    },
    'traditional': {
        'wall_tags': ('dark-walls', 'panelling',), 'floor_tags': ('wood-floor',),
        'wall': lambda: m.painted('wall', '#3e5a48'),
        'floor': lambda: m.planks('floor', ('#5a2f1f', '#4a2518'), plank_width=0.1, plank_length=0.7, roughness=0.45),
        'trim': '#efe6d2', 'window_frame': '#efe6d2', 'grid': (1, 2),
        'rug': ('persian', ('#7a1f23', '#1f2f4f', '#c9a66b', '#e9dcc0')), 'art': ['#2b3a2f', '#c9a66b', '#7a5a3a', '#e9dcc0'],
        'art_frame': '#b58b43', 'pot': '#efe6d2', 'leaves': '#2f5a2a', 'wood': '#4a2518', 'metal': '#b58b43',
        'shade': '#f1e4c8', 'curtain': '#6b1f24', 'flowers': ('#ffffff', '#e9b7b5', '#c9a66b'), 'vase': '#efe6d2',
        'lower_wall': '#efe6d2',
    },
    'scandinavian': {
        'wall_tags': ('white-walls',), 'floor_tags': ('wood-floor',),
        'wall': lambda: m.painted('wall', '#f3f2ee'),
        'floor': lambda: m.planks('floor', ('#d8c7ad', '#cdb999'), plank_width=0.2, plank_length=2.0, roughness=0.55),
        'trim': '#f7f7f4', 'window_frame': '#f7f7f4', 'grid': (1, 0),
        'rug': ('wool', ('#ece8e0', '#d7d1c6', '#b8b2a8')), 'art': ['#f3f2ee', '#c9d3d6', '#7f8f94', '#d9c6a8'],
        'art_frame': '#d8c7ad', 'pot': '#e9e6df', 'leaves': '#3f6b3a', 'wood': '#d8c7ad', 'metal': '#2a2a2a',
        'shade': '#f7f5f0', 'curtain': '#eceae4', 'flowers': ('#ffffff', '#e6ece8', '#d9c6a8'), 'vase': '#d8d2c4',
    },
    'coastal': {
        'wall_tags': ('panelling',), 'floor_tags': ('wood-floor',),
        'wall': lambda: m.planks('wall', ('#dfe9ee', '#d8e4ea'), plank_width=0.2, plank_length=8.0, roughness=0.85,
                                 lay=m.WALL_HORIZONTAL, groove='#9fb1bb', bump=0.5),
        'floor': lambda: m.planks('floor', ('#ddd0b8', '#cfc0a3'), plank_width=0.2, plank_length=1.8, roughness=0.55),
        'trim': '#f7f6f2', 'window_frame': '#f7f6f2', 'grid': (1, 1),
        'rug': ('jute', ('#c8ad80', '#b89968')), 'art': ['#f4f1ea', '#9cc3d5', '#3f6e8c', '#e8dcc4'],
        'art_frame': '#d8c7a8', 'pot': '#f2efe8', 'leaves': '#4d7548', 'wood': '#e6dccb', 'metal': '#c9b79a',
        'shade': '#f4f1ea', 'curtain': '#f4f1ea', 'flowers': ('#ffffff', '#dce9f0', '#f0e6d2'), 'vase': '#a9c7d6',
    },
}


def shell(kit, window=None, side_window=None, wall=None):
    """The room in the kit's materials; `wall` (material, tags) replaces the kit's wall finish."""
    lower = None
    if kit.get('lower_wall') and wall is None:
        lower = (m.painted('wainscot', kit['lower_wall'], 0.6), 0.9)
    wall_material, wall_tags = wall or (kit['wall'](), kit['wall_tags'])
    s.shell(wall_material, kit['floor'](), window=window, side_window=side_window, trim_colour=kit['trim'], lower_wall=lower)
    tag(*wall_tags, *kit['floor_tags'])
    if lower:
        p.wall_panels(0, s.ROOM_WIDTH, 0.12, 0.86, kit['lower_wall'])
    if window:
        mullions, transoms = kit['grid']
        s.window_frame(window, kit['window_frame'], mullions, transoms)
        tag('window')


def curtains(kit, window):
    if not kit['curtain']:
        return
    for side in (-1, 1):
        p.curtain(window['x'] + side * (window['width'] / 2 + 0.2), 0.45, window['top'] + 0.2, kit['curtain'])
    tag('curtains')


def plant(kit, x, y, height=1.5, kind='fig', seed=7):
    p.plant(x, y, height, pot=kit['pot'], leaves=kit['leaves'], seed=seed, kind=kind)
    tag('plants')


def flowers(kit, x, y, z, seed=4):
    p.vase_flowers(x, y, z, vase=kit['vase'], blooms=kit['flowers'], seed=seed)
    tag('flowers')


def art(kit, x, z, w, h, seed):
    p.art(x, z, w, h, kit['art'], seed, frame=kit['art_frame'])
    tag('art')


def rug(kit, y=-1.25, width=2.5, depth=1.8):
    kind, colours = kit['rug']
    p.rug(0, y, width, depth, kind, colours)
    tag('rug')


def lamp(kit, x, y, on=True):
    p.floor_lamp(x, y, shade_colour=kit['shade'], metal_colour=kit['metal'], on=on)
    tag('lamp')


def table_lamp(kit, x, y, z, on=True):
    p.table_lamp(x, y, z, base_colour=kit['vase'], shade_colour=kit['shade'], on=on)
    tag('lamp')


# ------------------------------------------------------------------------------------------------
# Layouts


def centrepiece(kit, kind, z, seed):
    """What hangs above the slot: framed art, or a mirror (sunburst or round)."""
    if kind == 'sunburst':
        p.sunburst_mirror(0, z + 0.45, 0.45, colour=kit['metal'])
        tag('mirror')
    elif kind == 'mirror':
        p.round_mirror(0, z + 0.4, 0.38, frame=kit['metal'])
        tag('mirror')
    elif kind == 'pair':
        art(kit, -0.45, z - 0.1, 0.6, 0.8, seed=seed)
        art(kit, 0.45, z - 0.1, 0.6, 0.8, seed=seed + 4)
    else:
        art(kit, 0.0, z, 0.95, 0.68, seed=seed)


def living(style, window_side=-1, foreground=True, extra=None, above='art'):
    kit = KITS[style]

    def build():
        window = {'x': window_side * 1.85, 'width': 1.15, 'sill': 0.7, 'top': 2.3}
        shell(kit, window=window, side_window={'side': 'l' if window_side < 0 else 'r', 'from': -3.2, 'to': -1.3, 'sill': 0.6, 'top': 2.3})
        curtains(kit, window)
        rug(kit)
        plant(kit, -window_side * 2.05, -0.4, 1.55, seed=7)
        centrepiece(kit, above, 1.45, 3)
        h = p.side_table(window_side * 1.62, -1.7, kit['wood'], legs_colour=kit['metal'])
        flowers(kit, window_side * 1.62, -1.7, h)
        if foreground:
            occluding(lambda: p.plant(-window_side * 0.95, -2.95, 1.2, pot=kit['pot'], leaves=kit['leaves'], seed=11, kind='palm'))
            tag('plants')
        if extra:
            extra(kit)
    return build


def bedroom(style, window_side=1, lamps_on=False, extra=None, above='pair'):
    kit = KITS[style]

    def build():
        side_window = {'side': 'l' if window_side < 0 else 'r', 'from': -3.4, 'to': -1.0, 'sill': 0.6, 'top': 2.3}
        shell(kit, side_window=side_window)
        rug(kit, y=-1.6, width=2.6, depth=2.4)
        for side in (-1, 1):
            h = p.nightstand(side * 1.7, -0.22, kit['wood'], handle=kit['metal'])
            table_lamp(kit, side * 1.7, -0.22, h, on=lamps_on)
        centrepiece(kit, above, 1.45, 5)
        plant(kit, -window_side * 2.3, -1.3, 1.3, kind='bush', seed=13)
        p.basket(window_side * 2.2, -1.0, colour='#b89b6e')
        if extra:
            extra(kit)
    return build


def dining(style, window_side=0, extra=None):
    kit = KITS[style]

    def build():
        window = {'x': 0.0, 'width': 1.5, 'sill': 0.95, 'top': 2.3}
        shell(kit, window=window, side_window={'side': 'r' if window_side >= 0 else 'l', 'from': -3.0, 'to': -1.6, 'sill': 0.6, 'top': 2.3})
        curtains(kit, window)
        p.shelf(-1.85, 1.5, 0.9, kit['wood'], seed=3)
        p.shelf(-1.85, 1.05, 0.9, kit['wood'], books=False)
        p.trailing_plant(-1.6, -0.1, 1.08, leaves=kit['leaves'], pot=kit['pot'])
        tag('books', 'plants')
        plant(kit, 2.0, -0.5, 1.7, seed=17)
        p.stool(-1.75, -1.1, kit['wood'])
        p.stoneware(-1.9, -0.1, 1.53)
        if extra:
            extra(kit)
    return build


# ------------------------------------------------------------------------------------------------
# Style extras


def slats_left(kit):
    p.slat_panel(-1.9, 1.0, 2.4, '#6e4122')


def edison(kit):
    for x in (-1.7, 1.9):
        p.edison_pendant(x, -0.4, 0.9)
    tag('lamp')


def sconces(kit):
    for x in (-1.0, 1.0):
        p.sconce(x, 1.75)
    tag('lamp')


def fireplace_left(kit):
    p.fireplace(-1.95, 1.1)
    tag('fireplace')


def lamp_right(kit):
    lamp(kit, 1.75, -1.2)


def lamp_left_off(kit):
    lamp(kit, -1.75, -1.3, on=False)


def baskets(kit):
    p.basket(1.7, -1.4, colour='#b89b6e')


def trailing_window(kit):
    p.trailing_plant(0.5, -0.05, 0.97, leaves=kit['leaves'], pot=kit['pot'], seed=9)
    tag('plants')


def hanging_plants(kit):
    p.trailing_plant(1.85, -0.12, 1.9, leaves=kit['leaves'], pot=kit['pot'], seed=12)
    tag('plants')


# Lights: azimuth is the direction the light travels (90: from the left), elevation above the floor.
MORNING = {'azimuth': 60, 'elevation': 30, 'colour': '#fff3e2', 'strength': 3.5}
NOON_COOL = {'azimuth': -55, 'elevation': 45, 'colour': '#eef3ff', 'strength': 2.6}
AFTERNOON = {'azimuth': -65, 'elevation': 24, 'colour': '#ffdcae', 'strength': 3.8}
GOLDEN = {'azimuth': 70, 'elevation': 14, 'colour': '#ffc98a', 'strength': 4.0}
OVERCAST = {'azimuth': 50, 'elevation': 40, 'colour': '#e8eef5', 'strength': 1.2, 'angle': 25.0}
EVENING = {'azimuth': -70, 'elevation': 10, 'colour': '#ffb870', 'strength': 1.5}


def room(plate_id, room_kind, build, light, tags, exposure=0.0, fill=260.0, fill_colour='#f4f1ea', look='Medium High Contrast', occluders=False,
         view=None, sky=1.0):
    """A plate's recipe; `view` places the camera (build.place_camera), front-on at 1 m by default; `sky` scales the daylight."""
    return {'id': plate_id, 'style': plate_id.rsplit('-', 1)[0], 'room': room_kind, 'build': build, 'light': light,
            'tags': set(tags), 'exposure': exposure, 'fill': fill, 'fill_colour': fill_colour, 'look': look,
            'occluders': occluders, 'view': view or {}, 'sky': sky}


ROOMS = [
    room('modern-1', 'living', living('modern', -1, extra=lamp_right), MORNING, {'bright', 'cool'}, occluders=True),
    room('modern-2', 'bedroom', bedroom('modern', 1), NOON_COOL, {'bright', 'cool'}),
    room('modern-3', 'dining', dining('modern', extra=trailing_window), AFTERNOON, {'warm'}),

    room('midcentury-1', 'living', living('midcentury', 1, foreground=False, extra=slats_left, above='sunburst'), AFTERNOON, {'warm'}),
    room('midcentury-2', 'bedroom', bedroom('midcentury', -1, lamps_on=True), GOLDEN, {'warm'}),
    room('midcentury-3', 'dining', dining('midcentury', extra=lamp_left_off), MORNING, {'bright', 'warm'}),

    room('farmhouse-1', 'living', living('farmhouse', -1, extra=baskets), MORNING, {'bright', 'warm'}, occluders=True),
    room('farmhouse-2', 'bedroom', bedroom('farmhouse', 1), NOON_COOL, {'bright'}),
    room('farmhouse-3', 'dining', dining('farmhouse', extra=trailing_window), GOLDEN, {'warm'}),

    room('industrial-1', 'living', living('industrial', 1, foreground=False, extra=edison), OVERCAST, {'cool'},
         fill_colour='#e6ecf2', exposure=0.3),
    room('industrial-2', 'bedroom', bedroom('industrial', -1, lamps_on=True, extra=edison), EVENING, {'dark', 'warm'},
         fill=110.0, fill_colour='#ffd2a0', exposure=0.2),
    room('industrial-3', 'dining', dining('industrial', extra=edison), OVERCAST, {'cool'}, fill_colour='#e6ecf2', exposure=0.3),

    room('bohemian-1', 'living', living('bohemian', -1, extra=hanging_plants), GOLDEN, {'warm'}, occluders=True),
    room('bohemian-2', 'bedroom', bedroom('bohemian', 1, lamps_on=True, extra=hanging_plants), AFTERNOON, {'warm'}),
    room('bohemian-3', 'dining', dining('bohemian', extra=baskets), GOLDEN, {'warm'}),

    room('traditional-1', 'living', living('traditional', 1, foreground=False, extra=fireplace_left), AFTERNOON, {'warm'}),
    room('traditional-2', 'bedroom', bedroom('traditional', -1, lamps_on=True, extra=sconces), EVENING, {'dark', 'warm'},
         fill=120.0, fill_colour='#ffd2a0', exposure=0.3),
    room('traditional-3', 'dining', dining('traditional', extra=sconces), MORNING, {'warm'}),

    room('scandinavian-1', 'living', living('scandinavian', 1, extra=lamp_left_off), NOON_COOL, {'bright', 'cool'}, occluders=True),
    room('scandinavian-2', 'bedroom', bedroom('scandinavian', -1, above='mirror'), MORNING, {'bright', 'cool'}),
    room('scandinavian-3', 'dining', dining('scandinavian', extra=trailing_window), OVERCAST, {'bright', 'cool'}, exposure=0.4),

    room('coastal-1', 'living', living('coastal', -1), MORNING, {'bright', 'cool'}, occluders=True),
    room('coastal-2', 'bedroom', bedroom('coastal', 1, above='mirror'), NOON_COOL, {'bright', 'cool'}),
    room('coastal-3', 'dining', dining('coastal', extra=baskets), AFTERNOON, {'bright', 'warm'}),
]


def build_room(room_spec):
    TAGS.clear()
    room_spec['build']()
    room_spec['tags'] = room_spec['tags'] | TAGS
