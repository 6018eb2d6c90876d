"""Test harnesses that drive the real app without a browser (see flet_session.py)."""
