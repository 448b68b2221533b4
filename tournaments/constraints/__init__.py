"""What organisers add to the pairing rules: prohibited groups and bye exclusions.

`services` writes them (section row locked, managers only), `selectors` reads them for the
organiser pages; the pairing reads them through `pairing.selectors`.
"""
