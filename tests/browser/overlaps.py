"""A reusable layout checker: no two visible controls, labels or cards overlap unless one is meant to
sit on the other, every control is on screen, and on a touch screen every control is at least 44×44
CSS pixels (issue 24).

What it looks at, in the page as it stands (one ``page.evaluate``):

- **controls**: visible ``button``, ``select``, ``input`` (a checkbox or radio inside a ``<label>``
  counts as its label), ``summary``, ``a[href]``;
- **labels**: every visible run of text (each text node's line boxes, from a ``Range``), so a word
  drawn over a card or under another word is seen wherever it comes from;
- **cards**: every visible ``.card`` (hand, pile, backs, stacks, stock, the open table) and the outline
  of an empty stack or stock;
- **boxes**: the banners, the name tags, the seats' panels and each stack's points (``.live-score``, a
  pill at every seat's stack) (opaque: nothing may hide under them, and they hide nothing).

Two boxes that cross by more than :data:`SLACK` pixels both ways are a problem, unless one holds the
other (a badge in a card, a word in its button), or the pair is allowed by :data:`ALLOWED`: pairs of
CSS selectors for what is meant to stack (the fanned hand, the pile, a count badge on its stack, the
open play log over the table). A control whose words do not fit it is reported too. Only what a modal
dialog leaves reachable is looked at when one is open.

Usage::

    problems = layout_problems(page, touch=True)
    assert not problems, "\\n".join(problems)
"""

from __future__ import annotations

SLACK = 3
"""Pixels two boxes may share without counting as overlapping: anti-aliasing, sub-pixel layout, and the
corners of a turned card's bounding box, which hold no card (the fanned hands and stacks are turned)."""
MIN_TOUCH = 44
"""The smallest control on a touch screen, in CSS pixels (WCAG 2.5.5, the platforms' guidelines)."""

ALLOWED: tuple[tuple[str, str], ...] = (
    # cards meant to lie on cards
    (".hand-card", ".hand-card"),
    ("#bot-hand .back", "#bot-hand .back"),
    (".seat-hand .back", ".seat-hand .back"),
    (".pile-card", ".pile-card"),
    (".kseri-card", ".kseri-card"),
    (".kseri-card", ".stack-top"),
    (".table-card", ".table-card"),
    (".build-card, .build-value, .build-owner", ".build-card"),  # a build's cards, fanned, its value on them
    # count badges on what they count
    (".stack-count", ".stack-top, .stack-empty, .kseri-card"),
    (".stock-count", ".stock-top"),
    (".stock-bottom", ".stock-top, .stock-empty, .stock-count"),  # an exposed bottom card, under the stock
    (".pile-count", ".pile-card"),
    (".seat-count", ".seat-stack"),
    # a hand card's own marks (the hint's badge and "takes" sit on the card, and on its neighbour's edge)
    (".hint-badge, .takes-mark, .key-cap", ".hand-card"),
    # what is meant to sit over the table while it shows
    (".log-list, .log-list *", "*"),
    (".more-menu, .more-menu *", "*"),
    # the new-game screen's buttons stick to its foot over the choices scrolling under them
    ("dialog:is(.new-game, .settings) .sheet-actions, dialog:is(.new-game, .settings) .sheet-actions *",
     ".new-game-body, .new-game-body *"),
    # ... and so do a round's summary's and a match's result's on a short screen
    ("dialog:is(#round-summary, #match-end) .sheet-actions, dialog:is(#round-summary, #match-end) .sheet-actions *",
     "#round-summary-body, #round-summary-body *, #match-end-body, #match-end-body *"),
    ("#ways, #ways *", "#table .card, #table .table-card, #table *"),
    (".gain-badge", "*"),
    ("#kseri-flash, #kseri-flash *", "*"),
    (".flyer", "*"),
)
"""Pairs of selectors (each a selector list) whose elements may overlap: intended stacking."""

LAYOUT_JS = r"""([slack, allowed]) => {
  const modal = [...document.querySelectorAll('dialog[open]')].pop() || null;
  const root = modal || document.querySelector('#app') || document.body;
  const vw = innerWidth, vh = innerHeight;
  const visible = (el) => el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})
    && !el.closest('[inert], [aria-hidden="true"].sr-only');
  const clipped = (el, r, self) => {
    // the part of r a scrolling or clipping ancestor (for text: its own element too) leaves in view
    let box = {left: r.left, top: r.top, right: r.right, bottom: r.bottom, cut: false};
    for (let p = self ? el : el.parentElement; p && p !== document.body; p = p.parentElement) {
      const st = getComputedStyle(p);
      if (st.overflowX !== 'visible' || st.overflowY !== 'visible' || st.clip !== 'auto') {
        const q = p.getBoundingClientRect();
        const next = {left: Math.max(box.left, q.left), top: Math.max(box.top, q.top),
                      right: Math.min(box.right, q.right), bottom: Math.min(box.bottom, q.bottom), cut: box.cut};
        if (next.right - next.left < 2 || next.bottom - next.top < 2) return null;
        // cut by a box that does not scroll (a scroller shows the rest when scrolled)
        const scrolls = /auto|scroll/.test(st.overflowX + st.overflowY);
        const narrower = next.right - next.left < box.right - box.left - 2;
        if (!scrolls && (narrower || next.bottom - next.top < box.bottom - box.top - 2)) next.cut = true;
        box = next;
      }
    }
    return box;
  };
  const name = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += '#' + el.id;
    const cls = [...el.classList].slice(0, 2).join('.');
    if (cls) s += '.' + cls;
    if (el.dataset && el.dataset.card) s += `[data-card=${el.dataset.card}]`;
    if (el.dataset && el.dataset.action) s += `[data-action=${el.dataset.action}]`;
    const text = (el.textContent || el.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 24);
    return text ? `${s} "${text}"` : s;
  };
  const items = [];
  const add = (kind, el, r, label) => {
    if (r.width < 2 || r.height < 2) return;
    const box = clipped(el, r, kind === 'label');
    if (!box) return;
    items.push({kind, el, box, label: label || name(el), w: r.width, h: r.height});
    // (a word shortened on purpose, with an ellipsis, is not cut off: its whole is in a name or title)
    const shortened = getComputedStyle(el).textOverflow === 'ellipsis';
    if (box.cut && kind !== 'card' && !shortened) cutOff.push(label || name(el));
  };
  const cutOff = [];
  const controls = new Set();
  for (const el of root.querySelectorAll('button, select, input:not([type=hidden]), summary, a[href]')) {
    if (!visible(el)) continue;
    const target = (el.matches('input[type=checkbox], input[type=radio]') && el.closest('label')) || el;
    if (controls.has(target) || !visible(target)) continue;
    controls.add(target);
    add('control', target, target.getBoundingClientRect());
  }
  // opaque boxes (a stack's points pill among them): nothing may hide under them
  for (const el of root.querySelectorAll('.banner, .tag, .seat-panel, .live-score')) {
    if (visible(el)) add('box', el, el.getBoundingClientRect());
  }
  for (const el of root.querySelectorAll('.card, .stack-empty, .stock-empty')) {  // (an empty stack's outline too)
    if (visible(el) && !el.closest('#fx, #card-rack')) add('card', el, el.getBoundingClientRect());
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !node.nodeValue.trim() || !visible(el)) continue;
    if (el.closest('#fx, #card-rack, script, style, option')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const what = `text "${node.nodeValue.trim().slice(0, 24)}" in ${name(el)}`;
    for (const r of range.getClientRects()) add('label', el, r, what);
  }
  // an element matches a selector of the list when it, or what it is part of, does (a badge's words)
  const matches = (el, selector) => { try { return !!el.closest(selector); } catch { return false; } };
  const allowedPair = (a, b) => allowed.some(([x, y]) =>
    (matches(a, x) && matches(b, y)) || (matches(b, x) && matches(a, y)));
  const related = (a, b) => a === b || a.contains(b) || b.contains(a);
  const problems = [];
  const seen = new Set();
  for (let i = 0; i < items.length; i++) {
    const a = items[i];
    if (a.kind === 'control') {
      const r = a.box;
      if (!modal && (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5))
        problems.push(`off screen: ${a.label} at ${Math.round(r.left)},${Math.round(r.top)}`);
    }
    for (let j = i + 1; j < items.length; j++) {
      const b = items[j];
      const dx = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const dy = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (dx <= slack || dy <= slack) continue;
      if (related(a.el, b.el) || allowedPair(a.el, b.el)) continue;
      // a word inside a card or a control it belongs to is part of it
      if ((a.kind === 'label' && b.el.contains(a.el)) || (b.kind === 'label' && a.el.contains(b.el))) continue;
      const key = [a.label, b.label].sort().join(' / ');
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(`overlap (${Math.round(dx)}×${Math.round(dy)} px): ${a.label} / ${b.label}`);
    }
  }
  for (const x of items) {  // a control whose words do not fit it (cut off, or spilling out)
    if (x.kind !== 'control' || x.el.matches('select, input, label, .card')) continue;
    if (x.el.scrollWidth > x.el.clientWidth + 1)
      problems.push(`cut off: ${x.label} (${x.el.scrollWidth} > ${x.el.clientWidth} px)`);
  }
  for (const label of new Set(cutOff)) problems.push(`cut off by its box: ${label}`);
  const small = items.filter(x => x.kind === 'control').map(x => ({label: x.label, w: x.w, h: x.h}));
  return {problems, controls: small};
}"""


def layout_problems(page, *, touch: bool = False, allowed: tuple[tuple[str, str], ...] = ALLOWED,
                    min_touch: float = MIN_TOUCH) -> list[str]:
    """What is wrong with the page's layout as it stands: overlaps, controls off screen, and with
    ``touch`` controls smaller than ``min_touch`` pixels either way."""
    found = page.evaluate(LAYOUT_JS, [SLACK, [list(pair) for pair in allowed]])
    problems = list(found["problems"])
    if touch:
        problems += [f"under {min_touch} px: {c['label']} is {c['w']:.0f}×{c['h']:.0f}"
                     for c in found["controls"] if c["w"] < min_touch - 0.5 or c["h"] < min_touch - 0.5]
    return problems
