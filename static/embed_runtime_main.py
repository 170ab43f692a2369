"""Boot script of embed-runtime.html: draw every scene frame of the page (see kseri.web.embed_hub)."""

from kseri.web.fresh import forget_stale_snapshot

forget_stale_snapshot()  # before anything else of kseri is imported: see kseri.web.fresh

from kseri.web.embed_hub import main  # noqa: E402

main()
