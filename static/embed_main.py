"""Boot script of embed.html: draw the scene named in the URL (see kseri.web.embed)."""

from kseri.web.embed import main

main()
