"""The player's settings (kseri.web.settings) and the table's sounds (kseri.web.sound_plan), in CPython."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kseri import i18n
from kseri.engine.cards import Card
from kseri.engine.events import PlayEvent
from kseri.web.settings import SPEED_SCALE, SPEEDS, Settings, settings_html
from kseri.web.sound_plan import MASTER_GAIN, SOUND_NAMES, SOUNDS, length_ms, sounds_for

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner), max_leaves=10)


@given(st.booleans(), st.sampled_from([speed for speed, _ in SPEEDS]), st.booleans())
def test_settings_survive_storage(sound, speed, lift):
    settings = Settings(sound=sound, speed=speed, lift=lift)
    assert Settings.from_json(settings.to_json()) == settings


@given(st.one_of(st.text(), JSON.map(json.dumps)))
def test_anything_stored_reads_as_valid_settings(text):
    settings = Settings.from_json(text)
    assert isinstance(settings.sound, bool) and settings.speed in SPEED_SCALE


def test_deeply_nested_storage_is_only_the_defaults():
    assert Settings.from_json("[" * 100_000 + "]" * 100_000) == Settings()


def test_the_pace_scales_order_slow_normal_fast():
    assert SPEED_SCALE["slow"] > SPEED_SCALE["normal"] == 1.0 > SPEED_SCALE["fast"] > 0


def test_the_form_reads_back_what_it_shows():
    html = settings_html(Settings(sound=False, speed="slow"))
    assert html.count('type="radio" name="speed"') == 3 and 'value="slow" checked' in html
    assert Settings.from_values({"sound": False, "speed": "slow"}) == Settings(sound=False, speed="slow")


def test_the_form_in_greek():
    i18n.set_language("el")
    try:
        html = settings_html(Settings())
    finally:
        i18n.set_language("en")
    assert "Ταχύτητα κινήσεων" in html and "Animation" not in html


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_every_sound_is_short_quiet_and_audible(name):
    sound = SOUNDS[name]
    assert 0 < length_ms(sound) < 300
    for tone in sound:
        assert min(tone.start_hz, tone.end_hz) >= 20 and max(tone.start_hz, tone.end_hz) <= 4000
        assert 0 < tone.gain * MASTER_GAIN <= 0.25 and 0 < tone.attack_ms < tone.duration_ms


@pytest.mark.parametrize(("kind", "round_over", "expected"), [
    ("drop", False, ("card",)), ("build", False, ("card",)), ("capture", False, ("capture",)),
    ("kseri", False, ("kseri",)), ("jack_kseri", True, ("kseri", "round_end")), ("drop", True, ("card", "round_end")),
])
def test_which_sound_for_which_play(kind, round_over, expected):
    event = PlayEvent(seat=0, card=Card.parse("JH"), kind=kind, round_over=round_over)
    assert sounds_for(event) == expected
