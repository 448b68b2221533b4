"""Pure tournament record and TRF input/output (standard library only, no Django)."""
