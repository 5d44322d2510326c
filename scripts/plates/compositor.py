"""
The compositor graphs of a plate render (build.py): the noise clean-up and the foreground mask.

Debian's Blender has no denoiser, so noise is removed the way production renderers did before
learned denoisers: the lighting passes are separated from the surface colours, blurred with an
edge-stopping (bilateral) filter guided by normals and depth, and multiplied back. Textures stay
sharp because they never pass through the blur; only the lighting, which is smooth, is filtered.
The direct diffuse light and the glossy reflections are filtered at full size, so edges stay
crisp (filtered at half size, they grow a speckled rim, and a glossy floor shows 2 × 2 blocks at
few samples); the rest is filtered at half size, which costs a quarter.
"""
import os

import bpy


def occluder_mask(tree, rl, occluder_path):
    link = tree.links.new
    mask = tree.nodes.new('CompositorNodeIDMask')
    mask.index = 1
    mask.use_antialiasing = True
    link(rl.outputs['IndexOB'], mask.inputs['ID value'])
    save = tree.nodes.new('CompositorNodeOutputFile')
    save.base_path = os.path.dirname(occluder_path)
    save.file_slots[0].path = os.path.basename(occluder_path) + '_'
    save.format.file_format = 'PNG'
    save.format.color_mode = 'BW'
    link(mask.outputs['Alpha'], save.inputs[0])


def mask_compositor(occluder_path):
    sc = bpy.context.scene
    sc.view_layers[0].use_pass_object_index = True
    sc.use_nodes = True
    tree = sc.node_tree
    tree.nodes.clear()
    rl = tree.nodes.new('CompositorNodeRLayers')
    out = tree.nodes.new('CompositorNodeComposite')
    tree.links.new(rl.outputs['Image'], out.inputs['Image'])
    occluder_mask(tree, rl, occluder_path)


def denoise_compositor(occluder_path):
    """Lighting passes, bilateral-filtered under normal+depth guidance, times the colour passes."""
    sc = bpy.context.scene
    layer = sc.view_layers[0]
    for name in ('diffuse_direct', 'diffuse_indirect', 'diffuse_color', 'glossy_direct', 'glossy_indirect',
                 'glossy_color', 'emit', 'environment', 'normal', 'z', 'object_index'):
        setattr(layer, f'use_pass_{name}', True)
    sc.use_nodes = True
    tree = sc.node_tree
    tree.nodes.clear()
    rl = tree.nodes.new('CompositorNodeRLayers')
    link = tree.links.new

    def math_node(op, a, b):
        n = tree.nodes.new('CompositorNodeMixRGB')
        n.blend_type = op
        n.inputs['Fac'].default_value = 1.0
        link(a, n.inputs[1])
        link(b, n.inputs[2])
        return n.outputs[0]

    # The guide: normals, plus depth so that two parallel surfaces at different distances (a
    # cabinet front and the wall behind it) are not blurred into each other.
    depth = tree.nodes.new('CompositorNodeMath')
    depth.operation = 'MULTIPLY'
    depth.inputs[1].default_value = 0.6
    link(rl.outputs['Depth'], depth.inputs[0])
    guide = math_node('ADD', rl.outputs['Normal'], depth.outputs[0])

    def bilateral(image, iterations, space):
        n = tree.nodes.new('CompositorNodeBilateralblur')
        n.iterations = iterations
        n.sigma_space = space
        n.sigma_color = 0.12
        link(image, n.inputs['Image'])
        link(guide, n.inputs['Determinator'])
        return n.outputs[0]

    def scaled(image, factor):
        n = tree.nodes.new('CompositorNodeScale')
        n.space = 'RELATIVE'
        n.inputs['X'].default_value = factor
        n.inputs['Y'].default_value = factor
        link(image, n.inputs['Image'])
        return n.outputs[0]

    def bilateral_half(image, iterations, space):
        """Indirect light is smooth: filtered at half size it costs a quarter and looks the same."""
        n = tree.nodes.new('CompositorNodeBilateralblur')
        n.iterations = iterations
        n.sigma_space = space
        n.sigma_color = 0.12
        link(scaled(image, 0.5), n.inputs['Image'])
        link(scaled(guide, 0.5), n.inputs['Determinator'])
        return scaled(n.outputs[0], 2.0)

    diffuse = math_node('ADD', bilateral(rl.outputs['DiffDir'], 1, 2.0), bilateral_half(rl.outputs['DiffInd'], 3, 3.0))
    diffuse = math_node('MULTIPLY', diffuse, rl.outputs['DiffCol'])
    glossy = math_node('ADD', bilateral_half(rl.outputs['GlossDir'], 1, 1.5), bilateral(rl.outputs['GlossInd'], 1, 3.0))
    glossy = math_node('MULTIPLY', glossy, rl.outputs['GlossCol'])
    total = math_node('ADD', math_node('ADD', diffuse, glossy), math_node('ADD', rl.outputs['Emit'], rl.outputs['Env']))
    out = tree.nodes.new('CompositorNodeComposite')
    link(total, out.inputs['Image'])
    if occluder_path:
        occluder_mask(tree, rl, occluder_path)
