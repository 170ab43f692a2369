"""The page in Greek and in English: ``?lang=``, the header's switch, remembered across a reload.

Playwright's default locale is en-US, so with no ``lang`` and nothing saved the page is English
(the other browser tests rely on it). Four page loads of the table, one of an embed, one of the Greek guide.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import READY_TIMEOUT, reload_page, wait_ready

pytestmark = pytest.mark.browser


# The hidden rack holds the twelve Greek courts, each loaded and decoded.
GREEK_COURTS_LOADED_JS = """() => {
  const courts = [...document.querySelectorAll('#card-rack img')].filter((img) => img.src.includes('/cards/el/'));
  return courts.length === 12 && courts.every((img) => img.complete && img.naturalWidth > 0);
}"""


def test_lang_param_gives_greek_with_html_lang(open_game):
    page = open_game("?seed=3&lang=el")
    assert page.evaluate("document.documentElement.lang") == "el"
    page.wait_for_function(GREEK_COURTS_LOADED_JS)  # the courts a Greek page prints, loaded with the others
    assert page.locator("#hint-button > span").inner_text() == "Υπόδειξη"
    assert page.locator("#new-match > span").inner_text() == "Νέα παρτίδα"
    assert page.locator("#rules-button > span").inner_text() == "Κανόνες"
    assert "Σειρά σου" in page.locator("#status").inner_text() or "υπολογιστή" in page.locator("#status").inner_text()
    labels = page.locator("#hand button[data-card]").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    assert labels and all("πλήκτρο" in label for label in labels)
    assert page.locator('.lang-switch [data-lang="el"]').get_attribute("aria-pressed") == "true"
    assert page.locator("#level option").all_inner_texts() == ["Εύκολο", "Μέτριο", "Δύσκολο", "Έμπειρο"]
    manifest = page.evaluate("""async () => { const href = document.querySelector('link[rel=manifest]').href;
      const data = await (await fetch(href)).json(); return [href, data.lang, data.short_name]; }""")
    assert manifest[0].endswith("/manifest.el.webmanifest") and manifest[1:] == ["el", "Ξερή"]


# What each court card's image shows (its computed content), for the faces shown now.
COURT_FACES_JS = """() => [...document.querySelectorAll('img[src*="cards/"]')]
  .filter((img) => /cards\\/[JQK][SHDC]\\.svg$/.test(img.getAttribute('src')))
  .map((img) => getComputedStyle(img).content)"""


def test_the_switch_changes_the_language_and_is_remembered(open_game, page_watch):
    page = open_game("?seed=3")
    assert page.evaluate("document.documentElement.lang") == "en"
    courts = page.evaluate(COURT_FACES_JS)
    assert courts and not any("cards/el/" in shown for shown in courts)  # K Q J
    assert page.locator("#hint-button > span").inner_text() == "Hint"
    assert page.locator('.lang-switch [data-lang="en"]').get_attribute("aria-pressed") == "true"

    page.locator('.lang-switch [data-lang="el"]').click()
    assert page.evaluate("document.documentElement.lang") == "el"
    assert page.locator("#hint-button > span").inner_text() == "Υπόδειξη"
    assert page.locator("#score .who").first.text_content() == "Εσύ"
    courts = page.evaluate(COURT_FACES_JS)  # the faces print Ρ Ν Β, as the Greek text names them
    assert courts and all("cards/el/" in shown for shown in courts), courts
    # ... and all twelve are loaded before a court is dealt (kseri.web.card_images: the rack)
    page.wait_for_function(GREEK_COURTS_LOADED_JS)
    assert page.evaluate("localStorage.getItem('kseri.lang')") == "el"
    assert page.title().startswith(("Σειρά σου", "Ξερή"))
    assert page.locator("#rules .guide-link a").get_attribute("href") == "guide.el.html"  # the Greek guide

    reload_page(page)
    wait_ready(page, page_watch)
    assert page.evaluate("document.documentElement.lang") == "el"
    assert page.locator("#copy-link > span").inner_text() == "Κοινοποίηση"
    assert page.locator("#you-tag .tag-name").inner_text().strip() == "Εσύ"

    page.locator('.lang-switch [data-lang="en"]').click()  # and back: the page's own English
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("#hint-button > span").inner_text() == "Hint"
    assert page.locator("#you-tag .tag-name").inner_text().strip() == "You"
    assert page.evaluate("localStorage.getItem('kseri.lang')") == "en"
    assert not any("cards/el/" in shown for shown in page.evaluate(COURT_FACES_JS))


_LATIN_WORDS_JS = """() => {
  const body = document.querySelector('#rules .rules-body').cloneNode(true);
  body.querySelectorAll('kbd').forEach(k => k.remove());  // key caps: Enter, H
  return (body.textContent.match(/[A-Za-z][A-Za-z']+/g) || []);
}"""


def test_the_rules_dialog_in_greek_and_back(open_game):
    page = open_game("?seed=3&lang=el")
    page.click("#rules-button")
    page.wait_for_selector("#rules[open]")
    assert page.locator("#rules h3").first.inner_text() == "Το μοίρασμα"
    assert "Το δυάρι σπαθί (2♣)" in page.locator("#rules .rules-table").inner_text()
    assert page.locator("#rules [data-i18n] kbd").all_inner_texts()[:2] == ["1", "6"]
    assert page.evaluate(_LATIN_WORDS_JS) == []
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules:not([open])", state="attached")
    # The dealer's chip speaks to you on your own tag ("you deal"), of the bot on its tag.
    assert page.locator("#you-tag .dealer-chip").text_content() == "Μοιράζεις"
    assert page.locator("#bot-tag .dealer-chip").text_content() == "Μοιράζει"

    page.locator('.lang-switch [data-lang="en"]').click()  # the page's own English comes back
    assert page.locator("#you-tag .dealer-chip").text_content() == "Dealer"
    assert page.locator("#bot-tag .dealer-chip").text_content() == "Dealer"
    page.click("#rules-button")
    page.wait_for_selector("#rules[open]")
    assert page.locator("#rules h3").first.inner_text() == "The deal"
    assert "very last card" in page.locator("#rules").inner_text()


def test_an_embedded_scene_in_greek(game_page, page_watch, site_url):
    page = game_page
    page.set_viewport_size({"width": 320, "height": 240})  # the smallest frame: the longer Greek still fits
    page.goto(f"{site_url}/embed.html?lang=el&scene=pile=10D;hands=10S,3H|KC,8D;plays=10S")
    wait_ready(page, page_watch)
    assert page.evaluate("document.documentElement.lang") == "el"
    assert page.locator("#caption").inner_text() == "Στο τραπέζι είναι μόνο ένα φύλλο, το 10♦. Παίζει: Νότος."
    assert page.locator("#play").get_attribute("aria-label") == "Αναπαραγωγή"
    assert page.locator("#next").get_attribute("aria-label") == "Επόμενο βήμα"
    assert page.locator('.seat[data-seat="0"] .name').inner_text() == "Νότος"
    courts = page.evaluate(COURT_FACES_JS)  # the king in a hand: Ρ, as in the Greek captions
    assert courts and all("cards/el/" in shown for shown in courts), courts
    page.keyboard.press("End")
    assert page.locator("#board").get_attribute("data-step") == "1"
    assert page.locator("#caption").inner_text().startswith("Νότος: το 10♠ παίρνει το μοναχό 10♦: ξερή! +10")
    assert page.locator("#play").get_attribute("aria-label") == "Ξανά από την αρχή"
    assert page.evaluate("() => document.documentElement.scrollHeight") <= 240
    box = page.locator("#next").bounding_box()
    assert box["y"] + box["height"] <= 240 and box["x"] + box["width"] <= 320
    assert page.title() == "Σκηνή ξερής"


def test_the_greek_guide_embeds_greek_scenes(game_page, page_watch, site_url):
    page = game_page
    page.goto(f"{site_url}/guide.el.html")
    assert page.evaluate("document.documentElement.lang") == "el"
    scene = "iframe:not([name=kseri-runtime])"  # (the hidden runtime frame comes first, before the scenes)
    page.locator(scene).first.evaluate("frame => frame.scrollIntoView({block: 'center'})")
    frame = page.frame_locator(scene).first
    frame.locator("body[data-ready=true]").wait_for(timeout=READY_TIMEOUT * 1000)
    assert frame.locator("html").get_attribute("lang") == "el"
    assert frame.locator(".scene-title").inner_text() == "Ίδιο φύλλο ή βαλές"
    assert frame.locator("#caption").inner_text().startswith("Στο τραπέζι υπάρχουν 4 φύλλα, επάνω το 8♣.")
    courts = frame.locator("body").evaluate(COURT_FACES_JS)  # the scene's jack prints Β, as its title says
    assert courts and all("cards/el/" in shown for shown in courts), courts
    assert page_watch.page_errors == [] and page_watch.off_origin == []


# Every place the page's own words are translated (kseri.web.page_text), as it reads now, plus the
# marked elements and the new-game screen's way to a friend's match (put in by kseri.web.duel).
_STATIC_WORDS_JS = """(entries) => {
  const read = (el, where) => where === 'text' ? el.textContent : where === 'html' ? el.innerHTML
    : where === 'lead' ? (el.firstChild && el.firstChild.nodeType === 3 ? el.firstChild.nodeValue : null)
    : el.getAttribute(where);
  const listed = entries.map(([selector, where]) =>
    [selector, where, [...document.querySelectorAll(selector)].map((el) => read(el, where))]);
  const marked = [...document.querySelectorAll('[data-i18n]')].map((el) => el.innerHTML);
  const friend = [...document.querySelectorAll('.duel-entry')].map((el) => el.textContent);
  const named = new Map();  // an element two entries translate the same way would take the last one's words
  const twice = [];
  for (const [selector, where] of entries) {
    for (const el of document.querySelectorAll(selector)) {
      const seen = named.get(el) || new Set();
      if (seen.has(where)) twice.push(selector + ' ' + where);
      seen.add(where);
      named.set(el, seen);
    }
  }
  return {listed, marked, friend, twice};
}"""


def test_a_switched_page_reads_as_one_loaded_in_that_language(open_game):
    from kseri.web.page_text import PAGE_TEXT

    entries = [[selector, where] for selector, where, _message in PAGE_TEXT]
    page = open_game("?seed=11")
    english = page.evaluate(_STATIC_WORDS_JS, entries)
    assert english["twice"] == [], "an element translated by two entries of PAGE_TEXT"
    assert english["friend"] == ["Play a friend on another device…"]
    page = open_game("?seed=11&lang=el")
    greek = page.evaluate(_STATIC_WORDS_JS, entries)
    assert greek["friend"] == ["Παίξε με φίλο σε άλλη συσκευή…"]

    page.locator('.lang-switch [data-lang="en"]').click()
    page.wait_for_function("document.querySelector('.duel-entry').textContent.startsWith('Play')")
    switched = page.evaluate(_STATIC_WORDS_JS, entries)
    assert [entry for entry in switched["listed"] if entry not in english["listed"]] == []
    assert switched == english
    assert page.locator('#intro .intro-choose .label-long').text_content() == "Another game"
    page.locator('.lang-switch [data-lang="el"]').click()
    page.wait_for_function("document.querySelector('.duel-entry').textContent.startsWith('Παίξε')")
    assert page.evaluate(_STATIC_WORDS_JS, entries) == greek
