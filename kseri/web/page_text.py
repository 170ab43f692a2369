"""The words of the static page (``index.html``) the table translates, as plain data (pure Python).

``index.html`` is written in English. At start-up, and whenever the player
switches language, :mod:`kseri.web.language` puts each text below into the page
in the chosen language; English restores the page's own text (kept the first
time), so the static page stays the single source of its English (a ``msgid`` may
differ from it: it tells the translator what the place says).

Each entry is ``(CSS selector, where, English msgid)``; ``where`` is ``text``
(the element's whole text), ``html`` (its markup: a catalog text with ``<b>``),
``lead`` (its first text node only, before a child element), or an attribute name.
A selector may match several elements (the two dealer chips) or none (then nothing
happens: the static page is edited by hand).

Long texts (the rules dialog) are marked in the page instead: an element with
:data:`I18N_ATTRIBUTE` is translated whole, its English inner HTML with white space
made single (:func:`msgid_of`) being the ``msgid``, so the prose stays in one place,
the HTML (``devtools/pagemessages.py`` lists the marked messages for the catalog).

>>> [entry for entry in PAGE_TEXT if entry[0] == "#hint-button > span"]
[('#hint-button > span', 'text', 'Hint')]
"""

from __future__ import annotations

from kseri.i18n import N_

__all__ = ["I18N_ATTRIBUTE", "INLINE_TAGS", "PAGE_TEXT", "msgid_of"]

I18N_ATTRIBUTE = "data-i18n"
"""Marks an element of a static page whose whole inner HTML the catalog translates."""
INLINE_TAGS = frozenset({"b", "em", "kbd"})
"""The only markup a translated text may hold (page and catalog; tests/web/test_web_greek.py checks)."""


def msgid_of(inner_html: str) -> str:
    """The ``msgid`` of a marked element: its inner HTML with each run of white space one space.

    >>> msgid_of("Play a card of the <b>same rank</b>\\n        as the top card.")
    'Play a card of the <b>same rank</b> as the top card.'
    """
    return " ".join(inner_html.split())


PAGE_TEXT: tuple[tuple[str, str, str], ...] = (
    # the loading screen (static/first-paint.js has put them in the page's language already) and the logo
    ("#loading .logo", "text", N_("Kseri")),
    ("#loading .tagline", "text", N_("The Greek card game")),
    ("#loading .splash-text", "text", N_("Shuffling the deck…")),
    ("#loading .splash-small", "text", N_("The first deal takes a few seconds; after that the table opens quickly.")),
    (".brand-name", "text", N_("Kseri")),
    ("#app header h1.sr-only", "text", N_("Kseri")),  # the table's heading for screen readers (render.TABLE_HEADING)
    # the header
    ("#hint-button > span", "text", N_("Hint")),
    ("#hint-button", "title", N_("What the hard bot thinks each of your cards is worth (H)")),
    (".level-pick", "title", N_("The bot's strength; a change applies from its next card")),
    (".level-pick .label-text", "text", N_("Level")),  # the page's own English says "Bot"
    ("#level", "aria-label", N_("Bot level")),
    ("#new-match > span", "text", N_("New match")),
    ("#rules-button > span", "text", N_("Rules")),
    ("#copy-link > span", "text", N_("Share")),
    ("#copy-link", "title", N_("A link that opens this game where it stands")),
    ("#new-match", "title", N_("New match: choose the table and who plays")),
    ("#rules-button", "title", N_("How to play (?)")),
    ("#stats-button > span", "text", N_("Statistics")),
    ("#stats-button", "title", N_("Your statistics: matches won and lost at each table")),
    ("#more-button > span", "text", N_("More")),
    ("#more-button", "title", N_("More: share, statistics, settings and language")),
    ("#more-menu", "aria-label", N_("More")),
    ('#more-menu [data-action="copy-link"] > span', "text", N_("Share")),
    ('#more-menu [data-action="stats"] > span', "text", N_("Statistics")),
    ('#more-menu [data-action="settings"] > span', "text", N_("Settings")),
    ("#settings-button > span", "text", N_("Settings")),
    ("#settings-button", "title", N_("Settings: sound and animation speed")),
    ("nav.controls", "aria-label", N_("Game")),
    ("#seats", "aria-label", N_("The other players")),
    # the short introduction
    ("#intro", "aria-label", N_("How to play, briefly")),
    ('#intro [data-action="rules"] .label-long', "text", N_("All the rules")),
    ('#intro [data-action="rules"] .label-short', "text", N_("Rules")),
    ('#intro [data-action="dismiss-intro"]', "text", N_("Got it")),
    ("#intro .intro-choose .label-long", "text", N_("Another game")),
    ("#intro .intro-choose .label-short", "text", N_("Game")),
    # the table
    ("#card-table", "aria-label", N_("Card table")),
    ("#pile-area", "aria-label", N_("Table")),
    ("#you-area", "aria-label", N_("You")),
    ("#bot-tag .tag-name", "lead", N_("Bot")),
    ("#you-tag .tag-name", "lead", N_("You")),
    ("#bot-tag .dealer-chip", "text", N_("Dealer")),
    ("#bot-tag .dealer-chip", "title", N_("Dealer this round")),
    # on your own tag the page's English says "Dealer" too; Greek speaks to you ("you deal")
    ("#you-tag .dealer-chip", "text", N_("You deal")),
    ("#you-tag .dealer-chip", "title", N_("You deal this round")),
    (".last-chip", "text", N_("last take")),
    (".last-chip", "title", N_("Took the last pile: gets what is left at the end")),
    ("#hand", "aria-label", N_("Your hand")),
    ("#you-stack", "aria-label", N_("Your captured cards")),
    ("#bot-stack", "aria-label", N_("Bot's captured cards")),
    # the dialogs
    ("#next-round", "text", N_("Next round")),
    ('#match-end [data-action="close-match-end"]', "text", N_("See the table")),
    ("#match-new", "text", N_("New match")),
    ("#confirm-new-title", "text", N_("Start a new match?")),
    ("#confirm-new > p", "text", N_("This match will be abandoned (it does not count as a loss).")),
    ("#confirm-new-no", "text", N_("Keep playing")),
    ("#confirm-new-yes", "text", N_("New match")),
    ("#new-game-title", "text", N_("New match")),
    ("#new-game-start", "text", N_("Start the match")),
    ("#welcome-other", "text", N_("Choose another game")),
    ("#share-title", "text", N_("Share this game")),
    ("#share > p:not(.share-status)", "text",
     N_("Anyone who opens this link gets the game exactly where it stands now.")),
    ("#share-url", "aria-label", N_("Link to this game")),
    ('#share [data-action="close-share"]', "text", N_("Close")),
    ("#share-copy", "text", N_("Copy link")),
    ("#settings-title", "text", N_("Settings")),
    ('#settings [data-action="close-settings"]', "text", N_("Done")),
    ("#rules .sheet-close", "aria-label", N_("Close the rules")),
    ("#rules-title", "text", N_("How to play Kseri")),
    ('#rules .sheet-actions [data-action="close-rules"]', "text", N_("Back to the table")),
    ('#scoring [data-action="rules-scoring"]', "text", N_("All the rules")),
    ('#scoring [data-action="close-scoring"]', "text", N_("Close")),
    ("#rules-stats", "text", N_("Statistics")),
    ("#stats-reset", "text", N_("Reset statistics")),
    ("#stats-close", "text", N_("Close")),
    ("#confirm-reset-title", "text", N_("Reset the statistics?")),
    ("#confirm-reset > p", "text", N_("Every table and level starts again from zero. This cannot be undone.")),
    ("#confirm-reset-no", "text", N_("Keep them")),
    ("#confirm-reset-yes", "text", N_("Reset")),
)
"""What :func:`kseri.web.language.translate_page` translates (``docs/formats.md``'s page contract
keeps its ids and ``data-action`` values, so these selectors hold)."""
