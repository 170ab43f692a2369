"""One ``<button>`` in the page's markup, its attributes escaped (no browser needed): the review's
previous/next, the open table's ways and the lessons' buttons are all written by it.

>>> button_html("Next ›", classes="btn ghost", data_action="review-next", disabled=False)
'<button type="button" class="btn ghost" data-action="review-next">Next ›</button>'
>>> button_html("OK", classes="btn", title='say "yes"', disabled=True)
'<button type="button" class="btn" title="say &quot;yes&quot;" disabled>OK</button>'
"""

from __future__ import annotations

from html import escape

__all__ = ["button_html"]


def button_html(inner_html: str, *, classes: str, **attributes: str | bool) -> str:
    """A ``type="button"`` button around ``inner_html`` (already markup: escape its text first).

    ``attributes`` come in the order given, their names with ``_`` written as ``-`` (``data_action``
    is ``data-action``); a string value is escaped, ``True`` writes the bare attribute (``disabled``)
    and ``False`` leaves it out.
    """
    parts = [f'<button type="button" class="{escape(classes)}"']
    for name, value in attributes.items():
        if value is False:
            continue
        html_name = name.replace("_", "-")
        parts.append(f" {html_name}" if value is True else f' {html_name}="{escape(value)}"')
    return "".join(parts) + f">{inner_html}</button>"
