"""The people room: a person's own pages (profile, API tokens) and the invitations that make
someone an event's arbiter or a team's captain. Accounts themselves (the user model, signing
in, tokens' storage) are the `accounts` app's, below every other."""
