"""Which sound the table makes, and what each one is made of (pure Python).

The page synthesises every sound itself with the Web Audio API
(:mod:`kseri.web.sound`): no audio file is fetched. A sound is a few
:class:`Tone` values, each an oscillator whose pitch glides from ``start_hz`` to
``end_hz`` under a short attack-and-decay envelope. Everything is short (under
300 ms) and quiet: :data:`MASTER_GAIN` scales the whole.

>>> from kseri.engine.cards import Card
>>> sounds_for(PlayEvent(seat=0, card=Card.parse("5H"), kind="drop"))
('card',)
>>> sounds_for(PlayEvent(seat=1, card=Card.parse("JS"), kind="capture", round_over=True))
('capture', 'round_end')
>>> all(length_ms(SOUNDS[name]) < 300 for name in SOUND_NAMES)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kseri.engine.events import PlayEvent

__all__ = ["MASTER_GAIN", "ROUND_END", "SOUNDS", "SOUND_NAMES", "Sound", "SoundName", "Tone", "Wave", "landing_sound",
           "length_ms", "sounds_for"]

Wave = Literal["sine", "triangle", "square", "sawtooth"]
"""An ``OscillatorNode.type``."""
SoundName = Literal["card", "capture", "kseri", "round_end", "win"]

MASTER_GAIN = 0.22
"""The loudness of every sound (0 to 1): quiet, below the level of speech, so it never startles."""


@dataclass(frozen=True, slots=True)
class Tone:
    """One oscillator: its wave, its pitch gliding from ``start_hz`` to ``end_hz``, when it starts
    (``delay_ms`` after the sound does), how fast it rises (``attack_ms``) and how long it lasts
    (``duration_ms``, decaying to silence), and its peak ``gain`` (before :data:`MASTER_GAIN`)."""

    wave: Wave
    start_hz: float
    end_hz: float
    duration_ms: float
    delay_ms: float = 0.0
    attack_ms: float = 4.0
    gain: float = 1.0

    @property
    def end_ms(self) -> float:
        """When, from the sound's start, this tone has died away.

        >>> Tone("sine", 440, 440, 80, delay_ms=30).end_ms
        110.0
        """
        return float(self.delay_ms + self.duration_ms)


Sound = tuple[Tone, ...]


def length_ms(sound: Sound) -> float:
    """How long ``sound`` lasts, from its first tone's start to its last tone's end.

    >>> length_ms((Tone("sine", 440, 440, 80), Tone("sine", 660, 660, 90, delay_ms=60)))
    150.0
    """
    return max((tone.end_ms for tone in sound), default=0.0)


# A soft wooden tap: a low triangle falling quickly, like a card laid on felt.
_CARD: Sound = (Tone("triangle", 260, 120, 70, attack_ms=2, gain=0.9),)
# A capture: two bright notes rising a fourth (E5, A5).
_CAPTURE: Sound = (Tone("triangle", 659, 659, 110, gain=0.55),
                   Tone("sine", 880, 880, 150, delay_ms=70, gain=0.6))
# A kseri: a quick major arpeggio (C5, E5, G5, C6) that rings a little longer.
_KSERI: Sound = (Tone("triangle", 523, 523, 120, gain=0.5),
                 Tone("triangle", 659, 659, 120, delay_ms=55, gain=0.5),
                 Tone("triangle", 784, 784, 130, delay_ms=110, gain=0.5),
                 Tone("sine", 1047, 1047, 120, delay_ms=165, gain=0.55))
# The round's end: a soft falling pair (G4 then C4), a gentle full stop.
_ROUND_END: Sound = (Tone("sine", 392, 392, 140, attack_ms=8, gain=0.7),
                     Tone("sine", 262, 262, 170, delay_ms=110, attack_ms=8, gain=0.75))

# A won match (kseri/web/celebrate_ui.py): a bright rising fanfare (G4, C5, E5, G5, C6).
_WIN: Sound = (Tone("triangle", 392, 392, 90, gain=0.45),
               Tone("triangle", 523, 523, 90, delay_ms=45, gain=0.45),
               Tone("triangle", 659, 659, 100, delay_ms=90, gain=0.5),
               Tone("triangle", 784, 784, 110, delay_ms=135, gain=0.5),
               Tone("sine", 1047, 1047, 115, delay_ms=180, gain=0.6))

SOUNDS: dict[SoundName, Sound] = {"card": _CARD, "capture": _CAPTURE, "kseri": _KSERI, "round_end": _ROUND_END,
                                  "win": _WIN}
SOUND_NAMES: tuple[SoundName, ...] = ("card", "capture", "kseri", "round_end", "win")
ROUND_END: SoundName = "round_end"


def landing_sound(event: PlayEvent) -> SoundName:
    """The sound of the card landing on the pile: a capture or a kseri sounds instead of the plain tap.

    >>> from kseri.engine.cards import Card
    >>> landing_sound(PlayEvent(seat=0, card=Card.parse("JC"), kind="jack_kseri", bonus=20))
    'kseri'
    """
    return "kseri" if event.kind in ("kseri", "jack_kseri") else "capture" if event.is_capture else "card"


def sounds_for(event: PlayEvent) -> tuple[SoundName, ...]:
    """The sounds of one play, in order: the card (a capture or a kseri sounds instead of the
    plain tap), then the round's end when this was its last card.

    >>> from kseri.engine.cards import Card
    >>> sounds_for(PlayEvent(seat=0, card=Card.parse("9C"), kind="kseri", bonus=10))
    ('kseri',)
    >>> sounds_for(PlayEvent(seat=0, card=Card.parse("JC"), kind="jack_kseri", bonus=20))
    ('kseri',)
    >>> sounds_for(PlayEvent(seat=0, card=Card.parse("4D"), kind="build"))
    ('card',)
    """
    first = landing_sound(event)
    return (first, ROUND_END) if event.round_over else (first,)
