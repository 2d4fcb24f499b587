"""The game-independent card-effect layer: text normalisation, the pattern framework, the
IR, the assembler and disassembler, packing per deck pair and coverage accounting."""
