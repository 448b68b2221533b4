"""Reads of the people room: pending invitations, a person's profile."""
