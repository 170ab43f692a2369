"""The back button and the table's dialogs (kseri.web.navigation), simulated on a history stack."""

from __future__ import annotations

from kseri.web.navigation import DialogHistory, copy_after_share_error


class Browser:
    """A history stack and open dialogs, driven the way app.py drives them."""

    def __init__(self) -> None:
        self.h = DialogHistory()
        self.stack = ["game"]
        self.open: list[str] = []
        self.pending_pops = 0

    def show(self, name: str) -> None:
        self.open.append(name)
        if self.h.opened():
            self.stack.append("dialog")

    def close(self, name: str) -> None:  # its own button, Escape, or the page
        self.open.remove(name)
        if self.h.closed(any_open=bool(self.open)):
            self.go_back()

    def go_back(self) -> None:  # history.back(): the popstate arrives later
        self.stack.pop()
        self.pending_pops += 1

    def deliver(self) -> None:
        while self.pending_pops:
            self.pending_pops -= 1
            if self.h.popped():
                for name in list(self.open):
                    self.close(name)

    def back_button(self) -> None:
        self.go_back()
        self.deliver()


def test_back_closes_the_dialog_and_the_game_stays():
    b = Browser()
    b.show("rules")
    b.back_button()
    assert b.open == [] and b.stack == ["game"]


def test_closing_by_its_button_leaves_the_stack_as_it_was():
    b = Browser()
    for _ in range(3):
        b.show("share")
        b.close("share")
        b.deliver()
    assert b.stack == ["game"] and not b.h.pushed and b.h.expect_pop == 0


def test_one_dialog_after_another_keeps_one_entry():
    b = Browser()
    b.show("rules")
    b.open.remove("rules")  # start-variant: the rules close, the confirmation opens before the close event
    b.show("confirm-new")
    if b.h.closed(any_open=bool(b.open)):
        b.go_back()
    assert b.stack == ["game", "dialog"]
    b.back_button()
    assert b.open == [] and b.stack == ["game"]


def test_back_with_no_dialog_is_not_the_page_s_business():
    h = DialogHistory()
    assert h.popped() is False
    assert h.closed(any_open=False) is False


def test_only_a_cancelled_share_sheet_is_left_alone():
    assert not copy_after_share_error("AbortError")
    assert all(copy_after_share_error(name) for name in ("NotAllowedError", "TypeError", "DataError", ""))
