"""Boot script of embed.html: draw the scene named in the URL (see kseri.web.embed)."""

from kseri.web.fresh import forget_stale_snapshot

forget_stale_snapshot()  # before anything else of kseri is imported: see kseri.web.fresh

from kseri.web.embed import main  # noqa: E402

main()
