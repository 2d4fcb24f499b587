"""What users run: simulations, and (later) matchups, first/second, sweeps and tuning."""
