"""
The feature rooms: five more plates per style (-4 to -8), each built round what a prompt asks for
by name: a brick chimney wall with its fireplace (-4), a corner with a large window and sun on the
floor (-5, seen at three-quarters), a loft of concrete or plaster under a large window (-6, from a
standing eye), a panelled study with built-in shelves (-7, three-quarters), and a dark, panelled
bedroom by lamplight (-8, from a low seat). Every room keeps the slot floor clear (build.SLOTS: within
±1.35 m of the centre, from the back wall to 2.6 m in front of it).
"""
import materials as m
import props as p
import scene as s
from finishes import back_veneer, built_in_shelves, concrete_wall, fireplace, side_frame
from rooms import AFTERNOON, EVENING, GOLDEN, KITS, MORNING, NOON_COOL, OVERCAST, art, curtains, lamp, plant, room, rug, shell, table_lamp, tag

# Each style's feature finishes: brick (two tones and the mortar), a dark paint, panelling boards
# (two tones, and whether they read as dark walls), the loft's walls, the fireplace surround.
FEATURES = {
    'modern': dict(brick=('#e9e7e2', '#dcd9d2', '#cfcac0'), dark='#2f3236', panel=('#3a3d40', '#34373a', True),
                   loft=('concrete', '#b9b6b0'), surround='#2b2b2b'),
    'midcentury': dict(brick=('#a8643f', '#955434', '#d6c8b0'), dark='#2f4a48', panel=('#8a5530', '#7d4b29', True),
                       loft=('plaster', '#e3d6bf'), surround='#efe6d2'),
    'farmhouse': dict(brick=('#e6dfd2', '#d9cfbf', '#efe9dd'), dark='#3f4b40', panel=('#f3efe6', '#ebe6da', False),
                      loft=('plaster', '#efe9de'), surround='#f4f1ea'),
    'industrial': dict(brick=('#8e4a35', '#7a3d2c', '#b9ab98'), dark='#2a2b2d', panel=('#5a4030', '#4e372a', True),
                       loft=('concrete', '#9a968f'), surround='#2a2a2a'),
    'bohemian': dict(brick=('#b0603e', '#9c5233', '#d9c6a8'), dark='#5a2e2a', panel=('#7a4c2c', '#6e4327', True),
                     loft=('plaster', '#d9a27e'), surround='#efe3d0'),
    'traditional': dict(brick=('#8c4b38', '#7c3f2f', '#cbbfa8'), dark='#24344a', panel=('#4a2518', '#42200f', True),
                        loft=('plaster', '#e9dfc9'), surround='#efe6d2'),
    'scandinavian': dict(brick=('#f0eee9', '#e6e3dc', '#e9e6df'), dark='#3d4548', panel=('#e6dccb', '#ddd1bd', False),
                         loft=('concrete', '#cfccc6'), surround='#f3f2ee'),
    'coastal': dict(brick=('#eef0ee', '#e3e7e6', '#e8ebe8'), dark='#2e4657', panel=('#e4edf1', '#dbe6eb', False),
                    loft=('plaster', '#eef1f0'), surround='#f7f6f2'),
}
LIGHT_WALLS = {'#e3d6bf', '#efe9de', '#e9dfc9', '#eef1f0'}


def walls(style):
    """The kit's own wall finish, except traditional's wainscot, which a feature wall would cut through."""
    kit = KITS[style]
    if style == 'traditional':
        return m.painted('wall', '#3e5a48'), ('dark-walls',)
    return kit['wall'](), kit['wall_tags']


def brick(style):
    a, b, mortar = FEATURES[style]['brick']
    tag('brick')
    return m.brick_wall('brick', (a, b), mortar=mortar)


def panelling(style, height=s.ROOM_HEIGHT):
    a, b, dark = FEATURES[style]['panel']
    back_veneer(m.planks('panel', (a, b), plank_width=0.14, plank_length=8.0, roughness=0.6, lay=m.WALL_VERTICAL,
                         groove=m.shade(b, -0.35), bump=0.4), height=height, thickness=0.035)
    if height < s.ROOM_HEIGHT:
        s.box('panel_cap', (s.ROOM_WIDTH, 0.05, 0.04), (0, -0.04, height), m.plain('cap', b, 0.5, 0.4))
    tag('panelling', *(('dark-walls',) if dark and height == s.ROOM_HEIGHT else ()))


def hearth(style, hand=1, lit=False):
    """The fireplace on the left of the back wall (hand 1), a mirror above it, or on the right under art."""
    kit, feat = KITS[style], FEATURES[style]
    fire_x, above = -1.9 * hand, 'mirror' if hand > 0 else 'art'

    def build():
        side = 'l' if fire_x > 0 else 'r'
        shell(kit, side_window={'side': side, 'from': -3.3, 'to': -1.5, 'sill': 0.6, 'top': 2.3}, wall=walls(style))
        back_veneer(brick(style))
        fireplace(fire_x, 1.15, feat['surround'], lit=lit)
        tag('fireplace')
        if above == 'mirror':
            p.round_mirror(fire_x, 1.75, 0.34, frame=kit['metal'])
            tag('mirror')
        else:
            art(kit, fire_x, 1.35, 0.8, 0.6, seed=9)
        p.vase_flowers(fire_x + 0.42, -0.18, 1.11, vase=kit['vase'], blooms=kit['flowers'], seed=8)
        tag('flowers')
        rug(kit, y=-1.35, width=2.6, depth=1.9)
        lamp(kit, -fire_x * 0.95, -0.45, on=lit)
        plant(kit, -fire_x * 1.1, -1.9, 1.35, kind='bush', seed=21)
        p.basket(fire_x * 1.24, -0.75, radius=0.17, colour='#a98c60')
    return build


def daylight(style, hand=1):
    """Seen from the right (hand 1) into the back-left corner, the large window on the left, or mirrored."""
    kit = KITS[style]

    def build():
        window = {'x': -1.3 * hand, 'width': 1.9, 'sill': 0.35, 'top': 2.45}
        side = 'l' if hand > 0 else 'r'
        shell(kit, window=window, side_window={'side': side, 'from': -1.95, 'to': -0.7, 'sill': 0.35, 'top': 2.45}, wall=walls(style))
        side_frame(side, -1.95, -0.7, 0.35, 2.45, kit['window_frame'] if kit['window_frame'] != '#1e1e1e' else '#2a2a2a')
        tag('large-window')
        curtains(kit, window)
        plant(kit, -2.3 * hand, -0.35, 1.7, seed=5)
        plant(kit, -2.25 * hand, -2.2, 0.9, kind='bush', seed=31)
        rug(kit, y=-1.5, width=2.4, depth=2.2)
        h = p.side_table(1.6 * hand, -1.9, kit['wood'], legs_colour=kit['metal'])
        p.books_stack(1.6 * hand, -1.9, h)
        tag('books')
    return build


def loft(style):
    kit, feat = KITS[style], FEATURES[style]

    def build():
        finish, colour = feat['loft']
        if finish == 'concrete':
            wall = (concrete_wall(colour), ('concrete',))
        else:
            wall = (m.plaster('plaster', colour), ('plaster', 'white-walls') if colour in LIGHT_WALLS else ('plaster',))
        window = {'x': 0.0, 'width': 2.6, 'sill': 0.5, 'top': 2.5}
        shell(kit, window=window, side_window={'side': 'r', 'from': -3.6, 'to': -2.0, 'sill': 0.6, 'top': 2.4}, wall=wall)
        tag('large-window')
        for z in (1.0, 1.45, 1.9):
            p.shelf(1.95, z, 0.9, kit['wood'], books=z != 1.9, seed=int(z * 10))
        p.trailing_plant(2.2, -0.1, 1.93, leaves=kit['leaves'], pot=kit['pot'], seed=4)
        tag('books')
        plant(kit, -2.2, -1.0, 1.8, seed=41)
        p.sideboard(-1.95, -0.3, 0.95, kit['wood'], height=0.75)
        p.stoneware(-2.1, -0.3, 0.75)
        p.stool(1.85, -1.6, kit['wood'])
        rug(kit, y=-1.6, width=2.6, depth=2.2)
    return build


def study(style, hand=1):
    """Seen from the left (hand 1) into the back-right corner, the shelves on the right, or mirrored."""
    kit = KITS[style]

    def build():
        side = 'l' if hand > 0 else 'r'
        shell(kit, side_window={'side': side, 'from': -3.4, 'to': -1.8, 'sill': 0.6, 'top': 2.3}, wall=walls(style))
        panelling(style)
        built_in_shelves(1.95 * hand, 1.1, KITS[style]['wood'], seed=3)
        tag('books')
        # Hung on the panelling, in front of its boards.
        p.art(-0.45, 1.35, 0.6, 0.8, kit['art'], 12, frame=kit['art_frame'], y=-0.036)
        p.art(0.35, 1.5, 0.5, 0.62, kit['art'], 15, frame=kit['art_frame'], y=-0.036)
        tag('art')
        rug(kit, y=-1.4, width=2.5, depth=2.0)
        lamp(kit, -1.2 * hand, -0.3)
        plant(kit, 2.2 * hand, -1.3, 1.2, kind='palm', seed=17)
    return build


def snug(style, hand=1):
    kit, feat = KITS[style], FEATURES[style]

    def build():
        shell(kit, side_window={'side': 'l' if hand > 0 else 'r', 'from': -3.4, 'to': -1.2, 'sill': 0.6, 'top': 2.3},
              wall=(m.painted('dark', feat['dark']), ('dark-walls',)))
        panelling(style, height=1.15)
        rug(kit, y=-1.6, width=2.6, depth=2.4)
        for x in (-1.7, 1.7):
            h = p.nightstand(x, -0.22, kit['wood'], handle=kit['metal'])
            table_lamp(kit, x, -0.22, h, on=True)
        art(kit, 0.0, 1.45, 0.9, 0.62, seed=27)
        plant(kit, 2.25 * hand, -1.4, 1.2, kind='fig', seed=33)
    return build


# Low suns for the feature rooms: through the back window (travelling towards the camera) and dusk.
BACKLIT_LEFT = {'azimuth': 158, 'elevation': 30, 'colour': '#fff0da', 'strength': 30.0}
BACKLIT_RIGHT = {'azimuth': -158, 'elevation': 30, 'colour': '#fff0da', 'strength': 30.0}
DUSK = {'azimuth': 72, 'elevation': 8, 'colour': '#ffb36b', 'strength': 1.2}


def sunnier(light, strength=8.0):
    """
    The shared light with a sun strong enough to lay a bright patch on the floor, as a clear day
    does. Through a large window the sky (Nishita, physically bright) floods the room and drowns
    the sun, so those rooms also dim the sky (`sky`) and the fill: the exposure is metered after.
    """
    return {**light, 'strength': strength}

# Camera heights and distances (build.place_camera): a seated eye, a standing one, a tripod between.
LOW = {'height': 0.9, 'distance': 4.2}
MID = {'height': 1.2, 'distance': 4.8}
HIGH = {'height': 1.55, 'distance': 5.4}
LEFT_CORNER = {'height': 1.35, 'distance': 4.2, 'yaw': 30.0, 'x': 1.73}
RIGHT_CORNER = {'height': 1.35, 'distance': 4.2, 'yaw': -30.0, 'x': -1.73}
LEFT_LOW = {'height': 1.05, 'distance': 3.9, 'yaw': 35.0, 'x': 1.7}
RIGHT_LOW = {'height': 1.05, 'distance': 3.9, 'yaw': -35.0, 'x': -1.7}


FEATURE_ROOMS = [
    room('modern-4', 'living', hearth('modern', 1, lit=False), sunnier(AFTERNOON), {'cool'}, view=MID),
    room('modern-5', 'living', daylight('modern', 1), BACKLIT_LEFT, {'bright', 'cool'}, view=LEFT_CORNER, sky=0.05, fill=90.0),
    room('modern-6', 'dining', loft('modern'), sunnier(OVERCAST, 20.0), {'bright'}, view=HIGH, exposure=0.3, sky=0.1, fill=140.0),
    room('modern-7', 'living', study('modern', 1), sunnier(MORNING), {'cool'}, view=RIGHT_LOW),
    room('modern-8', 'bedroom', snug('modern', 1), DUSK, {'dark', 'warm'}, view=LOW, fill=110.0, fill_colour='#ffd2a0', exposure=0.2),

    room('midcentury-4', 'living', hearth('midcentury', -1, lit=True), sunnier(MORNING), {'warm'}, view=MID),
    room('midcentury-5', 'living', daylight('midcentury', -1), BACKLIT_RIGHT, {'bright', 'warm'}, view=RIGHT_CORNER, sky=0.05, fill=90.0),
    room('midcentury-6', 'dining', loft('midcentury'), sunnier(NOON_COOL), {'bright'}, view=HIGH, exposure=0.3, sky=0.3),
    room('midcentury-7', 'living', study('midcentury', -1), sunnier(AFTERNOON), {'warm'}, view=LEFT_LOW),
    room('midcentury-8', 'bedroom', snug('midcentury', -1), EVENING, {'dark', 'warm'}, view=LOW, fill=110.0, fill_colour='#ffd2a0', exposure=0.2),

    room('farmhouse-4', 'living', hearth('farmhouse', 1, lit=True), sunnier(AFTERNOON), {'warm'}, view=MID),
    room('farmhouse-5', 'living', daylight('farmhouse', 1), BACKLIT_LEFT, {'bright', 'warm'}, view=LEFT_CORNER, sky=0.05, fill=90.0),
    room('farmhouse-6', 'dining', loft('farmhouse'), sunnier(NOON_COOL), {'bright'}, view=HIGH, exposure=0.3, sky=0.3),
    room('farmhouse-7', 'living', study('farmhouse', 1), sunnier(GOLDEN), {'warm'}, view=RIGHT_LOW),
    room('farmhouse-8', 'bedroom', snug('farmhouse', 1), DUSK, {'dark', 'warm'}, view=LOW, fill=110.0, fill_colour='#ffd2a0', exposure=0.2),

    room('industrial-4', 'living', hearth('industrial', -1, lit=False), sunnier(MORNING), {'cool'}, view=MID),
    room('industrial-5', 'living', daylight('industrial', -1), BACKLIT_RIGHT, {'bright', 'cool'}, view=RIGHT_CORNER, sky=0.05, fill=90.0),
    room('industrial-6', 'dining', loft('industrial'), sunnier(OVERCAST, 20.0), {'bright'}, view=HIGH, exposure=0.3, sky=0.1, fill=140.0),
    room('industrial-7', 'living', study('industrial', -1), sunnier(NOON_COOL), {'cool'}, view=LEFT_LOW),
    room('industrial-8', 'bedroom', snug('industrial', -1), EVENING, {'dark', 'warm'}, view=LOW, fill=110.0, fill_colour='#ffd2a0', exposure=0.2),

    room('bohemian-4', 'living', hearth('bohemian', 1, lit=True), sunnier(AFTERNOON), {'warm'}, view=MID),
    room('bohemian-5', 'living', daylight('bohemian', 1), BACKLIT_LEFT, {'bright', 'warm'}, view=LEFT_CORNER, sky=0.05, fill=90.0),
    room('bohemian-6', 'dining', loft('bohemian'), sunnier(NOON_COOL), {'bright'}, view=HIGH, exposure=0.3, sky=0.3),
    room('bohemian-7', 'living', study('bohemian', 1), sunnier(GOLDEN), {'warm'}, view=RIGHT_LOW),
    room('bohemian-8', 'bedroom', snug('bohemian', 1), DUSK, {'dark', 'warm'}, view=LOW, fill=110.0, fill_colour='#ffd2a0', exposure=0.2),

    room('traditional-4', 'living', hearth('traditional', -1, lit=True), sunnier(MORNING), {'warm'}, view=MID),
    room('traditional-5', 'living', daylight('traditional', -1), BACKLIT_RIGHT, {'bright', 'warm'}, view=RIGHT_CORNER, sky=0.05, fill=90.0),
    room('traditional-6', 'dining', loft('traditional'), sunnier(NOON_COOL), {'bright'}, view=HIGH, exposure=0.3, sky=0.3),
    room('traditional-7', 'living', study('traditional', -1), sunnier(AFTERNOON), {'warm'}, view=LEFT_LOW),
    room('traditional-8', 'bedroom', snug('traditional', -1), EVENING, {'dark', 'warm'}, view=LOW, fill=110.0, fill_colour='#ffd2a0', exposure=0.2),

    room('scandinavian-4', 'living', hearth('scandinavian', -1, lit=False), sunnier(MORNING), {'cool'}, view=MID),
    room('scandinavian-5', 'living', daylight('scandinavian', -1), BACKLIT_RIGHT, {'bright', 'cool'}, view=RIGHT_CORNER, sky=0.05, fill=90.0),
    room('scandinavian-6', 'dining', loft('scandinavian'), sunnier(OVERCAST, 20.0), {'bright'}, view=HIGH, exposure=0.3, sky=0.1, fill=140.0),
    room('scandinavian-7', 'living', study('scandinavian', -1), sunnier(NOON_COOL), {'cool'}, view=LEFT_LOW),
    room('scandinavian-8', 'bedroom', snug('scandinavian', -1), EVENING, {'dark', 'warm'}, view=LOW, fill=110.0, fill_colour='#ffd2a0', exposure=0.2),

    room('coastal-4', 'living', hearth('coastal', 1, lit=False), sunnier(AFTERNOON), {'cool'}, view=MID),
    room('coastal-5', 'living', daylight('coastal', 1), BACKLIT_LEFT, {'bright', 'cool'}, view=LEFT_CORNER, sky=0.05, fill=90.0),
    room('coastal-6', 'dining', loft('coastal'), sunnier(OVERCAST, 20.0), {'bright'}, view=HIGH, exposure=0.3, sky=0.1, fill=140.0),
    room('coastal-7', 'living', study('coastal', 1), sunnier(MORNING), {'cool'}, view=RIGHT_LOW),
    room('coastal-8', 'bedroom', snug('coastal', 1), DUSK, {'dark', 'warm'}, view=LOW, fill=110.0, fill_colour='#ffd2a0', exposure=0.2),
]
