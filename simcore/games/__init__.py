"""One package per game, each with the same shape: cards, deckrules, layout, legal, engine,
batch, replay and built-in data."""
