"""The public room: every page and download a visitor reads of a published event (the
event and its sections, a round's pairings, standings, crosstable, a player's card, "Find
me", the TRF files), its API for standings and exports, and the ``trf_export`` command."""
