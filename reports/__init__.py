"""Aggregation, statistics and the tables people read."""
