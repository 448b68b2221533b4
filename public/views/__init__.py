"""The public pages: what anyone may read of a published event.

- `events`: the events, an event, a section, a round's pairings, "Find me", the live page;
- `standings`: standings, the crosstable, a player's card and the TRF download.
"""
