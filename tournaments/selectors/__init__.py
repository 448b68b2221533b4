"""Reads: what the site shows, one module per concern; import from the module that owns
the name.

- `access`: the visibility rule, managers and organisers, event and section lookups;
- `rounds`: which rounds count, the round to pair next, the version of a section's pages;
- `removals`: why a player, section or event cannot be deleted; movable starting ranks;
- `record`: the section's tournament record (`section_record_base`) and its TRF file;
- `scores`: what games and byes are worth, and every player's score (`section_scores_get`);
- `pages`: a round's pairings and the section page;
- `players`: player cards, the crosstable, finding a player;
- `spreadsheets`: CSV rows of the pages.

Scores as text are `chesscore.record.scores`; the JSON form of record values kept in the
database is `chesscore.record.codec`.
"""
