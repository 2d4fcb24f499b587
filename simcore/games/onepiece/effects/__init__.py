"""ONE PIECE card effects: opcodes, pattern rules, the interpreter and its timing points."""
