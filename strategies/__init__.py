"""Heuristic decision plugins per game and their registry."""
