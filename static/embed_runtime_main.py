"""Boot script of embed-runtime.html: draw every scene frame of the page (see kseri.web.embed_hub)."""

from kseri.web.embed_hub import main

main()
