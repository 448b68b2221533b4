"""Accounts: API tokens their owners list, name, revoke and that expire; sign-in lockout."""
