"""The referee: pure rule engines, dice and scoring. No flet, no sqlite, no I/O."""
