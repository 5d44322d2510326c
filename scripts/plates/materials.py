"""
Procedural materials for the room plates: paint, wood planks, brick, concrete, tiles, fabric,
rugs and canvas art, built from shader nodes so no texture file is needed.
Blender's Python (bpy) only; run through build.py, never imported by Node.
"""
import math

import bpy


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


def _wall_coords(n):
    """
    A wall's own (along, up) coordinates whichever way it faces: x and z on the back wall, y and z
    on a side wall, chosen by the surface normal, so bricks keep their vertical joints on every wall.
    """
    tc = n.node('ShaderNodeTexCoord')
    geometry = n.node('ShaderNodeNewGeometry')
    pos = n.node('ShaderNodeSeparateXYZ')
    n.link(tc, 'Object', pos, 'Vector')
    normal = n.node('ShaderNodeSeparateXYZ')
    n.link(geometry, 'Normal', normal, 'Vector')
    side = n.node('ShaderNodeMath', operation='ABSOLUTE')
    n.link(normal, 'X', side, 0)
    facing = n.node('ShaderNodeMath', operation='ROUND')
    n.link(side, 'Value', facing, 0)
    towards_y = n.node('ShaderNodeMath', operation='SUBTRACT')
    n.link(pos, 'Y', towards_y, 0)
    n.link(pos, 'X', towards_y, 1)
    scaled = n.node('ShaderNodeMath', operation='MULTIPLY')
    n.link(towards_y, 'Value', scaled, 0)
    n.link(facing, 'Value', scaled, 1)
    along = n.node('ShaderNodeMath', operation='ADD')
    n.link(scaled, 'Value', along, 0)
    n.link(pos, 'X', along, 1)
    out = n.node('ShaderNodeCombineXYZ')
    n.link(along, 'Value', out, 'X')
    n.link(pos, 'Z', out, 'Y')
    return out


def brick_wall(name, colours, mortar='#c9c2b6'):
    n = Nodes(name)
    coords = _wall_coords(n)
    brick = n.node('ShaderNodeTexBrick', offset=0.5, offset_frequency=2)
    for key, value in {'Scale': 1.0, 'Brick Width': 0.215, 'Row Height': 0.075, 'Mortar Size': 0.009, 'Mortar Smooth': 0.2, 'Bias': 0.0}.items():
        brick.inputs[key].default_value = value
    brick.inputs['Color1'].default_value = srgb_to_linear(colours[0])
    brick.inputs['Color2'].default_value = srgb_to_linear(colours[1])
    brick.inputs['Mortar'].default_value = srgb_to_linear(mortar)
    n.link(coords, 'Vector', brick, 'Vector')
    noise = n.node('ShaderNodeTexNoise', in_Scale=40.0, in_Detail=3.0)
    n.link(coords, 'Vector', noise, 'Vector')
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


def plaster(name, colour, mottle=0.06):
    """Limewash or polished plaster: broad, soft clouds of a lighter and darker shade, and a trowelled bump."""
    n = Nodes(name)
    tc = n.node('ShaderNodeTexCoord')
    clouds = n.node('ShaderNodeTexNoise', in_Scale=1.4, in_Detail=6.0, in_Roughness=0.62)
    n.link(tc, 'Object', clouds, 'Vector')
    ramp = _ramp(n, [_shade(colour, -mottle), colour, _shade(colour, mottle)], clouds)
    n.link(ramp, 'Color', n.bsdf, 'Base Color')
    trowel = n.node('ShaderNodeTexNoise', in_Scale=24.0, in_Detail=3.0)
    n.link(tc, 'Object', trowel, 'Vector')
    _bump(n, trowel, 'Fac', 0.08, 0.01)
    n.set(Roughness=0.8, Specular=0.3)
    return n.mat
