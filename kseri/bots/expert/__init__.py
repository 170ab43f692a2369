"""Level ``expert``: information-set tree search (:mod:`~kseri.bots.expert.tree` at the pile tables)."""
