"""The old home of rule scenes, kept so that ``from kseri.scenes.scene import ...`` still
works: the same names as :mod:`kseri.scenes`, which is where to import them from.

The work is done by :mod:`kseri.scenes.notation`, :mod:`kseri.scenes.build`,
:mod:`kseri.scenes.steps`, :mod:`kseri.scenes.captions` and :mod:`kseri.scenes.params`.
"""

from kseri.scenes.build import build, from_match, from_text
from kseri.scenes.captions import pretty
from kseri.scenes.errors import SceneError
from kseri.scenes.notation import MAX_TEXT, SceneSpec, parse
from kseri.scenes.params import from_params
from kseri.scenes.steps import Scene, Step

__all__ = [
    "MAX_TEXT", "Scene", "SceneError", "SceneSpec", "Step",
    "build", "from_match", "from_params", "from_text", "parse", "pretty",
]
