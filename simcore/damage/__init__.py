"""Damage calculators: exact and Monte Carlo distributions of damage sequences, per game."""
