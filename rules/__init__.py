"""Trickbook's rules engine: plain Python, no Django.

Each game lives in its own package (``rules.ohhell``, ...) and is reached
through :mod:`rules.registry`. Everything here is pure: documents in,
reports and findings out, so it can be tested in microseconds and used from
a script. A test (tests/rules/test_no_django.py) keeps Django out.
"""
