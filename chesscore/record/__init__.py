"""Pure tournament record and TRF input/output (standard library only, no Django).

``chesscore.record.model`` holds the frozen value types; ``chesscore.record.trf``
reads and writes TRF16/TRF26 files; ``chesscore.cli.trf`` is ``rookery-trf``.
"""
