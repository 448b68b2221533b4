"""REST API of the tournaments app: sign-in tokens, events, sections, players, rounds, TRF."""
