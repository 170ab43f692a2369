"""Rule scenes: a position written in a short notation, played step by step with
captions, for the embeddable board (``embed.html``) and rule guides.

A scene comes from the *scene notation* (``pile=10D; plays=10S``, see
:mod:`kseri.scenes.notation` and ``docs/formats.md``) or from a ``kseri-record/1``
game (a window of one round). Pure Python: the DOM layer (:mod:`kseri.web.embed`)
only draws the steps. One job per module:

- :mod:`~kseri.scenes.notation`: read and write the notation (:class:`SceneSpec`);
- :mod:`~kseri.scenes.build`: play a spec or a recorded round out through the engine, at its
  table (:mod:`~kseri.scenes.tables`: each table's builder by the engine's table id;
  :mod:`~kseri.scenes.recorder`: what they share);
- :mod:`kseri.scenes.pile`: the pile tables' scenes (their captions: :mod:`~kseri.scenes.captions`);
- :mod:`kseri.scenes.sums`: the open (``rules=sums``) table's, its items side by side and its
  moves in record notation;
- :mod:`~kseri.scenes.steps`: the result, a :class:`Scene` of :class:`Step` positions;
- :mod:`~kseri.scenes.captions`: the automatic captions, from the engine's events;
- :mod:`~kseri.scenes.params`: the scene an embed URL asks for;
- :mod:`~kseri.scenes.errors`: :class:`SceneError`.

The names below are the public API:

>>> from_text("pile=10D; plays=10S").steps[-1].points
(13, 0)
"""

from kseri.scenes.build import build, from_match, from_text
from kseri.scenes.captions import pretty
from kseri.scenes.errors import SceneError
from kseri.scenes.notation import MAX_TEXT, SceneSpec, parse
from kseri.scenes.params import from_params
from kseri.scenes.steps import Scene, SceneItem, Step

__all__ = [
    "MAX_TEXT", "Scene", "SceneError", "SceneItem", "SceneSpec", "Step",
    "build", "from_match", "from_params", "from_text", "parse", "pretty",
]
