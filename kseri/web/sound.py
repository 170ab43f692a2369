"""The table's sounds, synthesised in the page with the Web Audio API (nothing is fetched).

:mod:`kseri.web.sound_plan` says which sound a play makes and what it is made
of; :class:`SoundBoard` plays it. Browsers let a page start audio only after the
person has interacted with it (the autoplay policy), so the ``AudioContext`` is
created, or resumed, only from :meth:`SoundBoard.unlock`, which the page calls
in its click and key handlers; before that, and with sound off, nothing is made.
``body[data-sounds]`` counts the sounds scheduled (for the tests).
"""

from __future__ import annotations

import contextlib
from typing import Any

from pyscript import document, window

from kseri.web.dom import exists
from kseri.web.sound_plan import MASTER_GAIN, SOUNDS, SoundName, Tone, length_ms

__all__ = ["SoundBoard"]

SILENCE = 0.0001
"""The gain an envelope starts from and ends at (an exponential ramp cannot reach 0)."""


class SoundBoard:
    """Plays the table's sounds when ``enabled`` and the browser allows audio."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._context: Any = None
        self._count = 0

    def unlock(self) -> None:
        """Called in a user gesture's handler: make (or wake) the audio context, if sound is on."""
        if not self.enabled:
            return
        with contextlib.suppress(Exception):  # no Web Audio in this browser: stay silent
            if self._context is None:
                constructor: Any = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
                if not exists(constructor):
                    return
                self._context = constructor.new()
            if str(self._context.state) == "suspended":
                # resume() returns a promise that may reject; swallow it, never a console error.
                self._context.resume().catch(lambda _error: None)

    def play(self, names: tuple[SoundName, ...]) -> None:
        """Play ``names`` one after the other (each starts when the one before has ended)."""
        context = self._context
        if not self.enabled or context is None or str(context.state) != "running":
            return
        try:
            start = float(context.currentTime) + 0.01
            for name in names:
                for tone in SOUNDS[name]:
                    self._tone(context, tone, start)
                start += length_ms(SOUNDS[name]) / 1000.0
                self._count += 1
            document.body.dataset.sounds = str(self._count)
        except Exception:  # a browser's audio refusing: the game goes on silently
            return

    @staticmethod
    def _tone(context: Any, tone: Tone, start: float) -> None:
        """One oscillator through its own envelope into the speakers."""
        begin = start + tone.delay_ms / 1000.0
        end = begin + tone.duration_ms / 1000.0
        peak = max(SILENCE, tone.gain * MASTER_GAIN)
        oscillator = context.createOscillator()
        oscillator.type = tone.wave
        oscillator.frequency.setValueAtTime(tone.start_hz, begin)
        if tone.end_hz != tone.start_hz:
            oscillator.frequency.exponentialRampToValueAtTime(tone.end_hz, end)
        envelope = context.createGain()
        envelope.gain.setValueAtTime(SILENCE, begin)
        envelope.gain.exponentialRampToValueAtTime(peak, begin + tone.attack_ms / 1000.0)
        envelope.gain.exponentialRampToValueAtTime(SILENCE, end)
        oscillator.connect(envelope)
        envelope.connect(context.destination)
        oscillator.start(begin)
        oscillator.stop(end + 0.02)
