"""Benchmarks: they report figures (`name: value` lines), never assert times."""
