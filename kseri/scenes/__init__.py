"""Rule scenes: a position written in a short notation, played step by step with
captions, for the embeddable board (``embed.html``) and rule guides.
"""
