"""The games tests use the shared fixtures of tests/conftest.py (people, api)."""
