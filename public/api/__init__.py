"""REST API of the tie-break app: standings of a section."""
