"""Check-in: players say they are here for a round, at the desk or on their phone, and the
pairing leaves out those who did not (services, selectors and the pages of the feature)."""
