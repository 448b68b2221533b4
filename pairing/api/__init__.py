"""REST API of the pairing app: pair a round, follow the run, read, publish, enter results."""
