"""tcgsim engine: card tables, decks, per-game state and numba kernels, RNG, batch runner."""
