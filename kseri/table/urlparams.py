"""The page's URL parameters: ``?seed=&level=&rules=&record=&seats=``, the checks of
``?lang=&theme=&learn=`` (which the page reads where it uses them), and the ``#`` fragment.

Nothing here touches the browser: the page passes ``location.search`` and
``location.hash`` as strings and gets back :class:`UrlOptions`. The parameters
are specified in ``docs/formats.md`` (page URL parameters).
"""

from __future__ import annotations

import base64
import json
import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from kseri.engine.errors import KseriError, RecordError
from kseri.engine.errors import one_line as _one_line
from kseri.engine.jsontext import parse_json
from kseri.engine.rules import PROFILES, Rules, rules_from_spec
from kseri.i18n import N_, _, normalize
from kseri.table.newgame import player_counts, seating_changes, seating_title, seatings_words
from kseri.table.querystring import parse_query, unquote
from kseri.table.seats import MAX_SEED, SessionError, levels
from kseri.table.tables import table_refusal

__all__ = ["UrlOptions", "decode_record_param", "parse_url"]


@dataclass(frozen=True)
class UrlOptions:
    """What the page's URL asks for. ``notices`` explain every part that was ignored."""

    seed: int | None = None
    level: str | None = None
    rules: Rules | None = None
    record: str | None = None
    """A record's JSON text (decoded from ``record=`` or the fragment), not yet checked."""
    notices: tuple[str, ...] = ()
    record_error: str | None = None
    """Why the URL's record could not even be unpacked (it is then ``None``)."""
    seats: str | None = None
    """Who sits where (``seats=``, :class:`~kseri.table.seat_plan.SeatPlan`'s text), checked against the
    game's seats when it is opened."""
    ignored: tuple[str, ...] = ()
    """The parameters read elsewhere (``lang``, ``theme``, ``learn``) whose value was ignored (each with
    its notice): the page drops them from the address."""

    @property
    def starts_game(self) -> bool:
        """Whether the URL asks for a particular game (and so replaces a saved one)."""
        return self.seed is not None or self.rules is not None or self.record is not None or self.seats is not None


def decode_record_param(value: str) -> str:
    """A record's JSON text from a URL value: JSON (percent-encoded or not), a share-link
    payload (:mod:`kseri.table.share`, ``1...`` or ``J...``), or base64url JSON.

    Only the packaging is checked here (:class:`SessionError`); the record's content is
    checked when it is opened.

    >>> decode_record_param('%7B%22format%22%3A1%7D')
    '{"format":1}'
    """
    from kseri.table.share import decode_record

    text = value.strip()
    if "%" in text:
        text = unquote(text)
    if text.startswith("{"):
        return text
    if not text:
        raise SessionError("the record is empty")
    share_error = ""
    if text[0] in "1J" or text[0] in string.digits:  # a share link's payload; another digit, a newer version's
        try:
            return json.dumps(decode_record("r=" + text), separators=(",", ":"))
        except RecordError as exc:
            share_error = _one_line(exc).removeprefix("share link: ")
    try:
        decoded = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode("utf-8")
    except ValueError:
        decoded = ""
    if decoded.lstrip().startswith("{"):
        return decoded
    raise SessionError(share_error or "the record is neither JSON nor an encoded record")


def _short(value: str, limit: int = 24) -> str:
    return value if len(value) <= limit else value[:limit - 1] + "…"


THEMES = ("light", "dark")
"""``theme=``'s values, as ``static/theme.js`` reads them (exactly, before the first paint)."""


def parse_url(search: str = "", fragment: str = "", known_levels: Iterable[str] | None = None,
              known_lesson: Callable[[str], bool] | None = None) -> UrlOptions:
    """Read ``?seed=&level=&rules=&record=&seats=`` and a ``#`` fragment (``#record=...`` or a bare record);
    check ``lang=``, ``theme=`` and, given ``known_lesson`` (whether a ``learn=`` value names a lesson),
    ``learn=``.

    Nothing here raises: a bad part is left out and explained in ``notices``.

    >>> parse_url("?seed=12&level=hard", known_levels=["easy", "hard"]).seed
    12
    >>> parse_url("?seed=x").notices
    ('Ignored seed=x: a seed is a whole number from 0 to 9007199254740991.',)
    >>> options = parse_url("?lang=fr&theme=purple&learn=chess", known_lesson=lambda value: value == "1")
    >>> options.ignored
    ('lang', 'theme', 'learn')
    >>> options.notices[0]
    'Ignored lang=fr: the languages are el (Greek) and en (English).'
    >>> parse_url('?rules={"profile":"greek","players":6}').notices
    ('Ignored rules={"profile":"greek","pla…: Greek: 2 or 4 players.',)
    >>> parse_url("?level=hard&level=easy", known_levels=["easy", "hard"]).notices
    ('level= is given more than once: the first one counts.',)
    >>> lesson = parse_url("?learn=1&rules=sums", known_lesson=lambda value: value == "1")
    >>> lesson.rules, lesson.notices
    (None, ('Ignored rules=sums: a lesson (learn=) deals its own game.',))
    """
    known = tuple(known_levels) if known_levels is not None else levels()
    params: dict[str, str] = {}
    twice: list[str] = []
    for key, value in parse_query(search.lstrip("?")):
        if key in params and key in _READ and key not in twice:
            twice.append(key)
        params.setdefault(key, value)
    notices: list[str] = [_("{key}= is given more than once: the first one counts.").format(key=key) for key in twice]
    is_lesson = known_lesson or (lambda value: True)
    lesson = "learn" in params and is_lesson(params["learn"])
    if lesson:  # a lesson deals its own game: what would set up another one is said to be ignored
        dropped = [key for key in ("rules", "seats", "seed", "record") if key in params]
        notices += [_("Ignored {key}={value}: a lesson (learn=) deals its own game.").format(
            key=key, value=_short(params[key].strip())) for key in dropped]
        params = {key: value for key, value in params.items() if key not in dropped}
    seed = level = rules = record = None
    record_error: str | None = None

    if "seed" in params:
        text = params["seed"].strip()
        if text.isdigit() and len(text) <= 16 and int(text) <= MAX_SEED:
            seed = int(text)
        else:
            notices.append(_("Ignored seed={value}: a seed is a whole number from 0 to {most}.").format(
                value=_short(text), most=MAX_SEED))

    if "level" in params:
        text = params["level"].strip().lower()
        if text in known:
            level = text
        else:
            notices.append(_("Ignored level={value}: the levels are {levels}.").format(value=_short(text),
                                                                                     levels=", ".join(known)))

    if "rules" in params:
        text = params["rules"].strip()
        spec: Any = None
        try:
            spec = parse_json(text, what="rules") if text.startswith("{") else text.lower()
            if isinstance(spec, dict) and "rounds" in spec and "match_rounds" not in spec:
                # a link's short name for the record's match_rounds: {"profile": "greek", "rounds": 3}
                spec = {("match_rounds" if key == "rounds" else key): value for key, value in spec.items()}
            if isinstance(spec, dict):
                spec = _with_packs(spec)
            parsed = rules_from_spec(spec)
            refusal = table_refusal(parsed)
            if refusal:
                raise SessionError(refusal)
            rules = parsed
        except SessionError as exc:  # the browser table's own refusal, in its words
            notices.append(_("Ignored rules={value}: {reason}.").format(value=_short(text), reason=_one_line(exc)))
        except KseriError as exc:  # the engine's: a seating the table does not deal is said in a player's words
            reason = _seating_reason(spec) if isinstance(spec, dict) else None
            notices.append(_("Ignored rules={value}: {reason}.").format(value=_short(text),
                                                                         reason=reason or _one_line(exc)))
    # Parameters the page reads elsewhere (theme.js, the language and lesson choosers): only checked here.
    checked: tuple[tuple[str, Callable[[str], bool], str], ...] = (
        ("lang", lambda value: bool(normalize(value)),
         N_("Ignored lang={value}: the languages are el (Greek) and en (English).")),
        ("theme", lambda value: value in THEMES, N_("Ignored theme={value}: the themes are light and dark.")),
        ("learn", is_lesson,
         N_("Ignored learn={value}: the lessons are 1 (the Greek game) and sums (the open table).")),
    )
    ignored = tuple(key for key, accepted, _message in checked if key in params and not accepted(params[key]))
    notices += [_(message).format(value=_short(params[key].strip())) for key, _accepted, message in checked
                if key in ignored]

    raw_record = params.get("record")
    frag = fragment.lstrip("#")
    if raw_record is None and frag:
        frag_params = dict(parse_query(frag)) if "=" in frag[:8] else {}
        if "record" in frag_params:
            raw_record = frag_params["record"]
        elif "r" in frag_params:
            raw_record = frag_params["r"]  # a share link (kseri.table.share)
        elif frag.startswith(("{", "%7B", "%7b")):
            raw_record = frag  # a bare record; any other fragment is an in-page anchor
    if raw_record is not None:
        try:
            record = decode_record_param(raw_record)
        except SessionError as exc:
            record_error = _one_line(exc)
    seats = params["seats"].strip() if "seats" in params else None
    if lesson and raw_record is not None and params.get("record") is None:  # a record in the fragment
        notices.append(_("Ignored the game in the link: a lesson (learn=) deals its own game."))
        record, record_error = None, None
    return UrlOptions(seed=seed, level=level, rules=rules, record=record, notices=tuple(notices),
                      record_error=record_error, seats=seats or None, ignored=ignored)


_READ = ("seed", "level", "rules", "record", "seats", "lang", "theme", "learn")
"""The parameters the page reads (a second copy of one is ignored, with a notice)."""


def _two_pack_changes(spec: dict[str, Any]) -> dict[str, Any] | None:
    """The new-game screen's changes for a link's pile-table seating that one pack cannot deal (two packs and
    their opening), whatever ``packs`` the link names; None for any other ``spec``."""
    profile, players = spec.get("profile"), spec.get("players")
    if not isinstance(profile, str) or profile not in PROFILES or type(players) is not int:
        return None
    changes = seating_changes(profile, players, spec.get("partnerships") is not False, 1)
    return changes if changes and changes.get("packs") == 2 else None


def _with_packs(spec: dict[str, Any]) -> dict[str, Any]:
    """A link that seats more players than one pack deals and names no packs (``{"profile": "fourcard",
    "players": 5}``) gets the two packs the new-game screen deals that seating with; any other ``spec`` as
    it is (the link's own keys always win).

    >>> _with_packs({"profile": "fourcard", "players": 5})
    {'players': 5, 'packs': 2, 'opening_size': 4, 'profile': 'fourcard'}
    >>> _with_packs({"profile": "pisti", "players": 3})
    {'profile': 'pisti', 'players': 3}
    """
    changes = None if "packs" in spec else _two_pack_changes(spec)
    return {**changes, **spec} if changes else spec


def _seating_reason(spec: dict[str, Any]) -> str | None:
    """For a link that seats a pile table's profile at a count it does not deal (``{"profile": "greek",
    "players": 6}``, or five at the four-card table from one pack), the seatings it does deal, in the
    players' words instead of the engine's (how the packets fail to divide the pack); None otherwise."""
    profile, players = spec.get("profile"), spec.get("players")
    if not isinstance(profile, str) or profile not in PROFILES or type(players) is not int:
        return None
    counts = player_counts(profile)
    if players in counts:
        one_pack = type(spec.get("packs")) is int and spec["packs"] == 1
        if one_pack and _two_pack_changes(spec):
            return _("{game}: {n} players are dealt from two packs").format(
                game=seating_title(profile, 2, False, 1), n=players)
        return None
    return seatings_words(profile)

