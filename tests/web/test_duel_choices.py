"""The friend's invitation offers exactly the tables two devices can deal: since the opening's jacks are
replaced between two devices too, that is every table of the new-game screen."""

from __future__ import annotations

from kseri.engine.rules import PROFILES
from kseri.table.duel.deal import duel_refusal
from kseri.table.newgame import TABLE_NAMES
from kseri.web.duel.choices import TABLES


def test_the_invitation_offers_every_table_two_devices_deal_and_no_other() -> None:
    assert [key for key, _targets in TABLES] == [name for name in TABLE_NAMES if duel_refusal(PROFILES[name]) is None]
    assert [key for key, _targets in TABLES] == list(TABLE_NAMES)
    assert all(targets[0] == PROFILES[key].target for key, targets in TABLES)  # the table's own target first
