"""Pure tournament record and TRF input/output (standard library only, no Django).

``tournaments.record.model`` holds the frozen value types; ``tournaments.record.trf``
reads and writes TRF16/TRF26 files; ``tournaments.record.cli`` is ``rookery-trf``.
"""
