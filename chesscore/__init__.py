"""The chess core: every rule of the game's organisation, in the standard library only.

Nothing here knows of Django, a database or a request; the apps above it read and store,
this package decides. It is the one place a chess rule lives:

- `record` — the tournament record (players, games, byes, teams) and its codecs: TRF16,
  TRF26 and TRF(x) (`record.trf`), the backup's and the API's shapes (`record.codec`);
- `roster` — the roster readers (a CSV of any federation's columns, NWChess's
  ``RosterTable.csv``);
- `ranking` — the initial ranking of a field (C.04.2 and C.04.3 A.2);
- `tiebreaks` — the C.07 tie-break engine and the standings it gives;
- `pairing` — the pairing engines (Dutch, Burstein, team Swiss, round robins, the casual
  Swiss), their checker and generator;
- `planners` — for each system, a pure function from a `PairingInput` to a `Plan` (boards,
  byes, matches, the explanation stored with the round);
- `systems` — the registry of systems: each one's key, label, planner and command-line
  functions (the TRF 192 code of each is in `record.system_codes`);
- `cli` — the command-line tools ``rookery-trf`` and ``rookery-pairings``.
"""
